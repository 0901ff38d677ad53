/** PLACEHOLDER screen: replaced by its issue's work. */
export default function Privacy() {
  return <main className="page"><h1>Privacy</h1></main>
}
