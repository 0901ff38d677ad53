/** PLACEHOLDER screen: replaced by its issue's work. */
export default function HelpCenter() {
  return <main className="page"><h1>HelpCenter</h1></main>
}
