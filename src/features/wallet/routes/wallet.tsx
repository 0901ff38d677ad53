/** PLACEHOLDER screen: replaced by its issue's work. */
export default function Wallet() {
  return <main className="page"><h1>Wallet</h1></main>
}
