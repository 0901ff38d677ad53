/** PLACEHOLDER screen: replaced by its issue's work. */
export default function NotFound() {
  return <main className="page"><h1>NotFound</h1></main>
}
