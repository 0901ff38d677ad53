/**
 * Applies a route's access class (SPEC §2): a guest on an `auth` route goes to /loginn, a
 * logged-in visitor on a `guest` route goes to /dashboard; an `auth` screen waits until the
 * persisted user store has been read. Once a screen is up, a prerendered page's `inert` (set
 * until the app takes the page over, see vite.config.ts) is lifted, and a tap held on a route's
 * first frame is answered.
 */
import { useLayoutEffect, type ReactNode } from 'react'
import { Redirect } from 'wouter'
import { isLoggedIn } from '@/lib/session'
import { useUserStore } from '@/stores/user-store'
import { useStoreHydrated } from '@/stores/use-store-hydrated'
import type { Access } from './routes'
import { PageSkeleton } from '@/components/skeleton'
import { releaseEarlyTap } from '@/lib/early-taps'

export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const hydrated = useStoreHydrated(useUserStore)
  // Runs as the screen (in the same Suspense boundary) commits, hydrated or rendered, before the
  // browser handles any further input: a tap held on a route's first frame, or the focus a key
  // put there, goes to its counterpart in the screen (src/lib/early-taps.ts).
  useLayoutEffect(() => {
    document.getElementById('root')?.removeAttribute('inert')
    releaseEarlyTap()
  }, [])
  if (access === 'public') return <>{children}</>
  const loggedIn = isLoggedIn()
  if (access === 'auth' && !loggedIn) return <Redirect to="/loginn" replace />
  if (access === 'guest' && loggedIn) return <Redirect to="/dashboard" replace />
  // Guest screens need nothing of the stored user, so their first render matches the build's
  // prerender (src/prerender.tsx) whatever IndexedDB answers.
  if (access === 'auth' && !hydrated) return <PageSkeleton />
  return <>{children}</>
}
