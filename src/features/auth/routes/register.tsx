/** PLACEHOLDER screen: replaced by its issue's work. */
export default function Register() {
  return <main className="page"><h1>Register</h1></main>
}
