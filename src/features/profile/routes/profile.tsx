/** PLACEHOLDER screen: replaced by its issue's work. */
export default function Profile() {
  return <main className="page"><h1>Profile</h1></main>
}
