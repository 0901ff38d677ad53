/** PLACEHOLDER screen: replaced by its issue's work. */
export default function Dashboard() {
  return <main className="page"><h1>Dashboard</h1></main>
}
