/** PLACEHOLDER screen: replaced by its issue's work. */
export default function UpdatePassword() {
  return <main className="page"><h1>UpdatePassword</h1></main>
}
