/** PLACEHOLDER screen: replaced by its issue's work. */
export default function Landing() {
  return <main className="page"><h1>Landing</h1></main>
}
