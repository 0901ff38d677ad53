/** PLACEHOLDER screen: replaced by its issue's work. */
export default function EnterEmailOtp() {
  return <main className="page"><h1>EnterEmailOtp</h1></main>
}
