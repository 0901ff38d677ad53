/** PLACEHOLDER screen: replaced by its issue's work. */
export default function VerifyOtpSignup() {
  return <main className="page"><h1>VerifyOtpSignup</h1></main>
}
