/**
 * Applies a route's access class (docs/product.md#screens): a guest on an `auth` route goes to /loginn, a
 * logged-in visitor on a `guest` route goes to /dashboard; an `auth` screen waits until the
 * persisted user store has been read (src/main.tsx reads it before the first render, so a
 * returning visitor's screen draws its saved copy at once). Once a screen is up, a rendered page's
 * `inert` (set until the app takes the page over, contract/page-html.ts) is lifted, and a tap held
 * on it is answered.
 */
import { useLayoutEffect, type ReactNode } from 'react'
import { Redirect } from 'wouter'
import { useLoggedIn } from '@/lib/use-logged-in'
import { useUserStore } from '@/stores/user-store'
import { useStoreHydrated } from '@/stores/use-store-hydrated'
import type { Access } from './routes'
import { PageSkeleton } from '@/components/skeleton'
import { releaseEarlyTap } from '@/lib/early-taps'
import { whenSettled } from '@/lib/when-idle'

export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const hydrated = useStoreHydrated(useUserStore)
  const loggedIn = useLoggedIn()
  // Runs as the screen (in the same Suspense boundary) commits, hydrated or rendered, before the
  // browser handles any further input: a tap held on a route's first frame, or the focus a key
  // put there, goes to its counterpart in the screen (src/lib/early-taps.ts).
  useLayoutEffect(() => {
    document.getElementById('root')?.removeAttribute('inert')
    releaseEarlyTap()
    // A signed-in screen is kept as its route's last frame (./last-frame-recorder.ts), from when
    // the first screen has settled: its code is not fetched before that screen's largest paint.
    if (access !== 'auth') return
    return whenSettled(() => void import('./last-frame-recorder').then((m) => m.recordLastFrames()))
  }, [access])
  if (access === 'public') return <>{children}</>
  if (access === 'auth' && !loggedIn) return <Redirect to="/loginn" replace />
  if (access === 'guest' && loggedIn) return <Redirect to="/dashboard" replace />
  // Guest screens need nothing of the stored user, so their hydration matches the rendered page
  // (src/entry-server.tsx) whatever IndexedDB answers.
  if (access === 'auth' && !hydrated) return <PageSkeleton />
  return <>{children}</>
}
