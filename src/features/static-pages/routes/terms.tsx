/** PLACEHOLDER screen: replaced by its issue's work. */
export default function Terms() {
  return <main className="page"><h1>Terms</h1></main>
}
