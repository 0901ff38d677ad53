/**
 * The app: the router over the one route table, each screen behind its guard and a Suspense
 * boundary, the logged-in app's bottom tab bar, the offline banner and the update prompt. The
 * toaster is not here: src/lib/notify.ts draws it with the first toast (src/lib/toaster.tsx).
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
import { useSettled, whenSettled } from '@/lib/when-idle'
import { useLocale } from '@/i18n/react'
import { lazyWithRetry, preloadComponent } from '@/lib/lazy-with-retry'

/**
 * The logged-in app's tab bar, loaded on demand and only on the tabs' own screens: a guest or an
 * inner screen (/deposit-fee) never loads it, so its code and icons stay out of the first route's
 * JavaScript (its budget, docs/benchmarks.md) and out of an inner screen's first render (its LCP).
 */
const TabBar = lazyWithRetry(() =>
  import('@/components/tab-bar').then((m) => ({ default: m.TabBar })),
)

/**
 * Loads what the app draws around the screen at `path` (the tab bar on the
 * tabs' own screens), so the first render draws them in the same frame instead of suspending on
 * their code (src/main.tsx). Resolves once loaded or failed.
 */
export function preloadAppChrome(path: string): Promise<void> {
  return showsTabBar(path) ? preloadComponent(TabBar) : Promise.resolve()
}

/**
 * The "new version" prompt, drawn once the first screen has settled (useSettled), when the service
 * worker's bridge loads too, so neither is in the first route's JavaScript (its budget,
 * docs/benchmarks.md) nor fetched before the first screen's largest paint.
 */
const UpdatePrompt = lazy(() =>
  import('@/components/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
)

/** Whether the outbox has been started on this page (src/app/start-outbox.ts). */
let outboxStarted = false

export function App() {
  const [, navigate] = useLocation()
  // The notices mount in a deferred render after the first screen's; `false` while hydrating, so
  // they are never in a rendered page's markup (src/entry-server.tsx).
  const chrome = useDeferredValue(true, false)
  const settled = useSettled()
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
          {settled ? (
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          ) : null}
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
