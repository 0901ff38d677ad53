/** PLACEHOLDER screen: replaced by its issue's work. */
export default function EditProfile() {
  return <main className="page"><h1>EditProfile</h1></main>
}
