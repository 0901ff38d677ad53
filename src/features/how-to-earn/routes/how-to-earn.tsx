/** PLACEHOLDER screen: replaced by its issue's work. */
export default function HowToEarn() {
  return <main className="page"><h1>HowToEarn</h1></main>
}
