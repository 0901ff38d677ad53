/** PLACEHOLDER screen: replaced by its issue's work. */
export default function Payment() {
  return <main className="page"><h1>Payment</h1></main>
}
