/** PLACEHOLDER screen: replaced by its issue's work. */
export default function AddBankDetails() {
  return <main className="page"><h1>AddBankDetails</h1></main>
}
