/** PLACEHOLDER screen: replaced by its issue's work. */
export default function Login() {
  return <main className="page"><h1>Login</h1></main>
}
