/** The closing button of the terms and privacy pages (SPEC §2): 'Continue Watching Videos' to /dashboard. */
import { Link } from 'wouter'

export function ContinueWatching({ label = 'Continue Watching Videos' }: { label?: string }) {
  return (
    <Link href="/dashboard" className="btn">
      {label}
    </Link>
  )
}
