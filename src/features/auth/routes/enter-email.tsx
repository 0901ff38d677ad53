/** PLACEHOLDER screen: replaced by its issue's work. */
export default function EnterEmail() {
  return <main className="page"><h1>EnterEmail</h1></main>
}
