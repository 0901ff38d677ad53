/**
 * Build-time rendering (react-dom/static) of every route's first frame, as the route table
 * (contract/routes.ts) declares it:
 * - `prerendered` routes (their first render needs no data: the landing, login, register): the
 *   app's own tree (`<App />` at the path), so the markup is exactly what the client's first render
 *   produces and the browser's app hydrates it (src/main.tsx) instead of drawing it again;
 * - `outline` routes: the screen drawn without the visitor's data, which the app draws over (the
 *   dashboard and the deposit screen have outlines of their own); the server draws each again per
 *   request with the rules it holds (`renderOutlinePage`).
 * The build puts each into its page (scripts/build/), so the first paint needs no JavaScript. A
 * render that throws fails the build.
 */
import { StrictMode, Suspense, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { App } from './app/app'
import { ROUTES as SCREENS } from './app/routes'
import { FirstFrameContext, type FirstFrame } from './lib/first-frame'
import { preloadComponent } from './lib/lazy-with-retry'
import { PageSkeleton } from './components/skeleton'
import { DashboardShell } from './features/dashboard/components/dashboard-shell'
import { DepositFeeShell } from './features/membership/components/deposit-fee-shell'
import type { MembershipPlan } from './stores/plans-store'
import { DEFAULT_RULES, type Rules } from '@contract/rules'
import { ROUTES, type RouteDef } from '@contract/routes'
import { activateLocale, i18n, loadLocale, t } from './i18n/i18n'
import { LOCALES, type Locale } from './i18n/detect'

export { LOCALES }

/** The routes whose first frame is the screen itself, hydrated (contract/routes.ts `pageFile`). */
export const PRERENDERED = ROUTES.filter((r) => r.firstFrame === 'prerendered').map((r) => r.path)

/** A visitor a static page is drawn for has nothing stored: no token, so no redirect. */
function emptyStorage(): Storage {
  return {
    length: 0,
    clear: () => undefined,
    getItem: () => null,
    key: () => null,
    removeItem: () => undefined,
    setItem: () => undefined,
  }
}

/** The tree the client hydrates (src/main.tsx `appTree`), at `path`. */
function tree(path: string) {
  return (
    <StrictMode>
      {/* wouter's server location (React's server renderer needs a server snapshot). */}
      <Router ssrPath={path}>
        <App />
      </Router>
    </StrictMode>
  )
}

/**
 * The markup of the app at `path` in `locale` as its first client render in that language draws it
 * (no query string), with every lazily loaded screen resolved (`prerender` waits for Suspense
 * boundaries). Each page is drawn in English and in Hindi.
 * @throws when `path` is not in PRERENDERED, or the render fails (a screen threw).
 */
export async function render(path: string, locale: Locale = 'en'): Promise<string> {
  if (!PRERENDERED.includes(path)) throw new Error(`${path} is not prerendered`)
  await activateLocale(locale)
  globalThis.localStorage ??= emptyStorage()
  globalThis.sessionStorage ??= emptyStorage()
  return renderStatic(tree(path))
}

/**
 * The routes with a first frame of their own instead of the screen's data-free render: the
 * dashboard's outline with the player's still (the same in every language), the deposit screen's
 * header and placeholders (the server draws its plans in). The app renders afresh over every
 * outline (src/main.tsx); nothing of them is hydrated.
 */
const OWN_OUTLINES: Record<string, (posterSrc?: string) => ReactNode> = {
  '/dashboard': (posterSrc) => <DashboardShell posterSrc={posterSrc} />,
  '/deposit-fee': () => <DepositFeeShell />,
}

/** The routes the app draws over a first frame (`outline`: `outlines/<route>.html`). */
export const OUTLINE_ROUTES = ROUTES.filter((r) => r.firstFrame === 'outline').map((r) => r.path)

/** React's server render of `node` into a string, failing on the first error. */
async function renderStatic(node: ReactNode): Promise<string> {
  const errors: unknown[] = []
  const { prelude } = await prerender(node, { onError: (error) => void errors.push(error) })
  if (errors.length > 0) throw errors[0]
  return new Response(prelude).text()
}

/**
 * The screen of the outline route `route` drawn without the visitor's data, with `rules`: what the
 * app draws before its reads answer, where the screen asks `useFirstFrame()` for placeholders.
 */
function screenOutline(
  route: RouteDef,
  frame: Omit<FirstFrame, 'signedIn'>,
  search = '',
): ReactNode {
  const Screen = SCREENS.find((r) => r.path === route.path)!.component
  return (
    <StrictMode>
      <FirstFrameContext.Provider value={{ ...frame, signedIn: route.access === 'auth' }}>
        <Router ssrPath={route.path} ssrSearch={search}>
          <Suspense fallback={<PageSkeleton label={t(route.title)} />}>
            <Screen />
          </Suspense>
        </Router>
      </FirstFrameContext.Provider>
    </StrictMode>
  )
}

/** The outline route `path`. @throws when it is not one. */
function outlineRoute(path: string): RouteDef {
  const route = ROUTES.find((r) => r.path === path && r.firstFrame === 'outline')
  if (!route) throw new Error(`${path} has no outline`)
  return route
}

/**
 * The outline of the route `path` in `locale` (markup for #root) as the build draws it, with the
 * default rules; `posterSrc` is the player's still as the page carries it (a `data:` URL).
 * @throws when `path` is not an outline route, or its render fails.
 */
export async function renderOutline(
  path: string,
  posterSrc?: string,
  locale: Locale = 'en',
): Promise<string> {
  const route = outlineRoute(path)
  await activateLocale(locale)
  const own = OWN_OUTLINES[path]
  return renderStatic(
    own
      ? own(posterSrc)
      : screenOutline(route, { rules: DEFAULT_RULES, paymentProvider: 'manual-upi' }),
  )
}

/**
 * The first frame of the outline route `path` in `locale` with the rules and payment provider (GET
 * /config/'s) and, for /deposit-fee, the plans (GET /get-membership/'s rows) the server holds: markup for #root, drawn
 * by the server for each request of the page (server/earning/outline-pages.ts), at the page's query
 * `search` (without `?`: the OTP screen's address, the withdraw screen's balance). The screen's code
 * is loaded first, then the language is switched and the tree drawn in one synchronous step, so
 * concurrent renders in two languages never mix. Null for the dashboard, whose outline holds no
 * rule (the server sends the build's).
 * @throws when `path` is not an outline route, or the render fails (the server then sends the
 * build's outline).
 */
export async function renderOutlinePage(
  path: string,
  locale: Locale,
  rules: Rules,
  plans: MembershipPlan[],
  paymentProvider: FirstFrame['paymentProvider'],
  search = '',
): Promise<string | null> {
  const route = outlineRoute(path)
  if (path === '/dashboard') return null
  const screen = SCREENS.find((r) => r.path === path)!.component
  await Promise.all([loadLocale(locale), preloadComponent(screen)])
  i18n.activate(locale)
  return renderToString(
    path === '/deposit-fee' ? (
      <DepositFeeShell plans={plans} rules={rules} />
    ) : (
      screenOutline(route, { rules, paymentProvider }, search)
    ),
  )
}
