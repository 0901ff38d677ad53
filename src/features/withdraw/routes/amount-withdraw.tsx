/** PLACEHOLDER screen: replaced by its issue's work. */
export default function AmountWithdraw() {
  return <main className="page"><h1>AmountWithdraw</h1></main>
}
