/** PLACEHOLDER screen: replaced by its issue's work. */
export default function BankDetailsConfirmation() {
  return <main className="page"><h1>BankDetailsConfirmation</h1></main>
}
