/** PLACEHOLDER screen: replaced by its issue's work. */
export default function PaymentSuccess() {
  return <main className="page"><h1>PaymentSuccess</h1></main>
}
