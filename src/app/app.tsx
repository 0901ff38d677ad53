/**
 * The app: the router over the one route table, each screen behind its guard and a Suspense
 * boundary, the logged-in app's bottom tab bar, and the toaster (5 seconds, docs/product.md#messages; at
 * the top under the header and the offline banner, so it never covers them nor a page's actions).
 */
import { Fragment, Suspense, lazy, useEffect, useDeferredValue, useRef } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { ROUTES, NotFound } from './routes'
import { RouteGuard } from './route-guard'
import { useRouteTitle } from './route-titles'
import { PageSkeleton } from '@/components/skeleton'
import { OfflineNotice } from '@/components/offline-notice'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { isLoggedIn } from '@/lib/session'
import { showsTabBar } from '@/components/tab-bar-routes'
import { whenSettled } from '@/lib/when-idle'
import { useLocale } from '@/i18n/react'

/**
 * The logged-in app's tab bar, loaded on demand and only on the tabs' own screens: a guest or an
 * inner screen (/deposit-fee) never loads it, so its code and icons stay out of the first route's
 * JavaScript (its budget, docs/benchmarks.md) and out of an inner screen's first render (its LCP).
 */
const TabBar = lazy(() => import('@/components/tab-bar').then((m) => ({ default: m.TabBar })))

/**
 * The "new version" prompt, drawn after the first paint; loaded then with the service worker's
 * bridge, so neither is in the first route's JavaScript (its budget, docs/benchmarks.md).
 */
const UpdatePrompt = lazy(() =>
  import('@/components/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
)

/**
 * The toaster, drawn after the first paint; loaded then, so react-hot-toast is not in the first
 * route's JavaScript (its budget, docs/benchmarks.md). A toast raised before it arrives still
 * shows: the toaster reads the toasts' store when it mounts.
 */
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })))

/** Whether the outbox has been started on this page (src/app/start-outbox.ts). */
let outboxStarted = false

export function App() {
  const [, navigate] = useLocation()
  // The toaster and the notices mount in a deferred render after the first screen's (a toast
  // raised before then still shows: the toaster reads its store on mount); `false` while
  // hydrating, so they are never in a rendered page's markup (src/entry-server.tsx).
  const chrome = useDeferredValue(true, false)
  // A language change draws every screen again in the new language.
  const locale = useLocale()
  useRouteTitle(locale)
  useEffect(() => setUnauthorizedHandler(() => navigate('/loginn', { replace: true })), [navigate])
  const [location] = useLocation()
  useEffect(() => {
    // The outbox starts once, here: queued reward claims and withdrawals are sent at start whatever
    // the first screen is, once that screen has settled, or after logging in; loaded on demand so
    // the outbox stays out of the first route's JavaScript.
    if (outboxStarted || !isLoggedIn()) return
    return whenSettled(() => {
      outboxStarted = true
      void import('./start-outbox').then((outbox) => outbox.startAppOutbox())
    })
  }, [location])
  // After an in-app navigation (not the first load: a rendered page hydrates undisturbed),
  // focus goes to the new screen's h1 (./focus-heading.ts, loaded then).
  const shown = useRef(location)
  useEffect(() => {
    if (shown.current === location) return
    shown.current = location
    const from = document.activeElement
    void import('./focus-heading').then((m) => m.focusHeading(from))
  }, [location])
  return (
    <Fragment key={locale}>
      {chrome ? (
        <>
          <OfflineNotice />
          <Suspense fallback={null}>
            {/* Top centre, just under the header (56 px) and the offline banner (its height, set by
                OfflineNotice), as a UPI app tells a result: the foot of the screen, where a
                page's actions sit within the thumb's reach (Pay, Confirm, Log out), stays free. */}
            <Toaster
              position="top-center"
              toastOptions={{ duration: 5000 }}
              containerStyle={{ top: 'calc(64px + var(--offline-notice-height, 0px))' }}
            />
          </Suspense>
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        </>
      ) : null}
      <Suspense fallback={<PageSkeleton />}>
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
      {showsTabBar(location) ? (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      ) : null}
    </Fragment>
  )
}
