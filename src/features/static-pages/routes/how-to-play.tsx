/** PLACEHOLDER screen: replaced by its issue's work. */
export default function HowToPlay() {
  return <main className="page"><h1>HowToPlay</h1></main>
}
