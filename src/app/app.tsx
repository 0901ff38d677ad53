/**
 * The app: the router over the one route table, each screen behind its guard and a Suspense
 * boundary, and the toaster (top right, 5 seconds, SPEC §9).
 */
import { Suspense, useEffect } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { Toaster } from 'react-hot-toast'
import { ROUTES, NotFound } from './routes'
import { RouteGuard } from './route-guard'
import { useRouteTitle } from './route-titles'
import { LoadingScreen } from '@/components/page-spinner'
import { OfflineNotice } from '@/components/offline-notice'
import { UpdatePrompt } from '@/components/update-prompt'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { isLoggedIn } from '@/lib/session'
import { useAfterFirstPaint } from '@/lib/use-after-first-paint'
import { whenSettled } from '@/lib/when-idle'

export function App() {
  const [, navigate] = useLocation()
  // The toaster and the notices mount right after the first screen has painted, in a task of
  // their own (a toast raised before then still shows: the toaster reads its store on mount).
  const chrome = useAfterFirstPaint()
  useRouteTitle()
  useEffect(() => setUnauthorizedHandler(() => navigate('/loginn', { replace: true })), [navigate])
  useEffect(() => {
    // Queued reward claims and withdrawals are sent at start whatever the first screen is
    // (issue 3), once that screen has settled; loaded on demand so the outbox stays out of the
    // first route's JavaScript.
    if (!isLoggedIn()) return
    return whenSettled(() => void import('@/lib/outbox/outbox').then((outbox) => outbox.startOutbox()))
  }, [])
  return (
    <>
      {chrome ? (
        <>
          <Toaster position="top-right" toastOptions={{ duration: 5000 }} />
          <OfflineNotice />
          <UpdatePrompt />
        </>
      ) : null}
      <Suspense fallback={<LoadingScreen />}>
        <Switch>
          <Route path="/login">
            <Redirect to="/loginn" replace />
          </Route>
          {ROUTES.map(({ path, access, component: Screen }) => (
            <Route key={path} path={path}>
              <RouteGuard access={access}>
                <Screen />
              </RouteGuard>
            </Route>
          ))}
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </>
  )
}
