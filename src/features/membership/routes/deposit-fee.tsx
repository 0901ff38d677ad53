/** PLACEHOLDER screen: replaced by its issue's work. */
export default function DepositFee() {
  return <main className="page"><h1>DepositFee</h1></main>
}
