/** PLACEHOLDER screen: replaced by its issue's work. */
export default function PlatformFee() {
  return <main className="page"><h1>PlatformFee</h1></main>
}
