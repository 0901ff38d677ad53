/** Not found: any path outside the route table gets a clear message and a way home. */
import { Link } from 'wouter'

export default function NotFound() {
  return (
    <main className="page stack center">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link href="/" className="btn">
        Go to Home
      </Link>
    </main>
  )
}
