/**
 * Applies a route's access class (SPEC §2) once the persisted stores have hydrated: a guest on an
 * `auth` route goes to /loginn, a logged-in visitor on a `guest` route goes to /dashboard.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { Redirect } from 'wouter'
import { isLoggedIn } from '@/lib/session'
import { useUserStore } from '@/stores/user-store'
import type { Access } from './routes'
import { PageSpinner } from '@/components/page-spinner'

/** Whether the persisted user store has been read from IndexedDB. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => useUserStore.persist.hasHydrated())
  useEffect(() => {
    if (hydrated) return
    const unsubscribe = useUserStore.persist.onFinishHydration(() => setHydrated(true))
    if (useUserStore.persist.hasHydrated()) setHydrated(true)
    return unsubscribe
  }, [hydrated])
  return hydrated
}

export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const hydrated = useHydrated()
  if (access === 'public') return <>{children}</>
  const loggedIn = isLoggedIn()
  if (access === 'auth' && !loggedIn) return <Redirect to="/loginn" replace />
  if (access === 'guest' && loggedIn) return <Redirect to="/dashboard" replace />
  if (!hydrated) return <PageSpinner />
  return <>{children}</>
}
