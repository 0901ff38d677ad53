/** PLACEHOLDER screen: replaced by its issue's work. */
export default function PaymentFail() {
  return <main className="page"><h1>PaymentFail</h1></main>
}
