/** PLACEHOLDER screen: replaced by its issue's work. */
export default function YourMistake() {
  return <main className="page"><h1>YourMistake</h1></main>
}
