/** PLACEHOLDER screen: replaced by its issue's work. */
export default function ReferAndEarn() {
  return <main className="page"><h1>ReferAndEarn</h1></main>
}
