/** Dashboard (SPEC §2): first version, who is logged in and a way out; the earning loop fills it. */
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import toast from 'react-hot-toast'
import { refreshUser } from '@/lib/get-user'
import { logout } from '@/lib/logout'
import { useUserStore } from '@/stores/user-store'
import { PageSpinner } from '@/components/page-spinner'

export default function Dashboard() {
  const user = useUserStore((s) => s.user)
  const [, navigate] = useLocation()
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    refreshUser().catch(() => {
      setFailed(true)
      toast.error('Error fetching user details. Please try again.')
    })
  }, [])

  if (!user) return failed ? <main className="page"><p className="error-text">Error fetching user details. Please try again.</p></main> : <PageSpinner />
  return (
    <main className="page stack">
      <h1>Hello, {user.first_name}</h1>
      <p className="muted" data-testid="dashboard-email">{user.email}</p>
      <button
        type="button"
        className="btn btn-outline"
        onClick={async () => {
          await logout()
          navigate('/', { replace: true })
        }}
      >
        Log out
      </button>
    </main>
  )
}
