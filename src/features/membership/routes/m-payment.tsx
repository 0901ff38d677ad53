/** PLACEHOLDER screen: replaced by its issue's work. */
export default function MPayment() {
  return <main className="page"><h1>MPayment</h1></main>
}
