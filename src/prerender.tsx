/**
 * Build-time rendering (react-dom/static) of every route's first frame, as the route table
 * (contract/routes.ts) declares it:
 * - `prerendered` routes (their first render needs no data: the landing, login, register): the
 *   app's own tree (`<App />` at the path), so the markup is exactly what the client's first render
 *   produces and the browser's app hydrates it (src/main.tsx) instead of drawing it again;
 * - `outline` routes: the screen's own data-free outline the app draws over (the dashboard's, the
 *   deposit screen's); `placeholder` routes: the app's placeholder with the route's title.
 * The build puts each into its page (scripts/build/), so the first paint needs no JavaScript. A
 * render that throws fails the build.
 */
import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { App } from './app/app'
import { PageSkeleton } from './components/skeleton'
import { DashboardShell } from './features/dashboard/components/dashboard-shell'
import { DepositFeeShell } from './features/membership/components/deposit-fee-shell'
import type { MembershipPlan } from './stores/plans-store'
import type { Rules } from '@contract/rules'
import { ROUTES } from '@contract/routes'
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
 * The `outline` routes' own first frames: the dashboard's data-free outline with the player's still
 * (the same in every language), the deposit screen's header and placeholders. The app renders
 * afresh over them (src/main.tsx); nothing of them is hydrated.
 */
const OWN_OUTLINES: Record<string, (posterSrc?: string) => ReactNode> = {
  '/dashboard': (posterSrc) => <DashboardShell posterSrc={posterSrc} />,
  '/deposit-fee': () => <DepositFeeShell />,
}

/** The routes the app draws over a first frame (`outline` and `placeholder`: `outlines/<route>.html`). */
export const OUTLINE_ROUTES = ROUTES.filter((r) => r.firstFrame !== 'prerendered').map(
  (r) => r.path,
)

/** React's server render of `node` into a string, failing on the first error. */
async function renderStatic(node: ReactNode): Promise<string> {
  const errors: unknown[] = []
  const { prelude } = await prerender(node, { onError: (error) => void errors.push(error) })
  if (errors.length > 0) throw errors[0]
  return new Response(prelude).text()
}

/**
 * The outline of the route `path` in `locale` (markup for #root); `posterSrc` is the player's still
 * as the page carries it (a `data:` URL).
 * @throws when `path` is not an outline route, or its render fails.
 */
export async function renderOutline(
  path: string,
  posterSrc?: string,
  locale: Locale = 'en',
): Promise<string> {
  const route = ROUTES.find((r) => r.path === path && r.firstFrame !== 'prerendered')
  if (!route) throw new Error(`${path} has no outline`)
  const own = OWN_OUTLINES[path]
  if (route.firstFrame === 'outline' && !own) throw new Error(`${path} has no outline of its own`)
  await activateLocale(locale)
  // A placeholder route: the app's own placeholder (its fallback while a screen's code loads).
  return renderStatic(own ? own(posterSrc) : <PageSkeleton label={t(route.title)} />)
}

/**
 * /deposit-fee's first frame with the plans (GET /get-membership/'s rows) and rules (GET
 * /config/'s) as the server holds them, in `locale`: markup for #root, drawn by the server for
 * each request of the page (server/plugins/static.ts), the same as the screen's own render of
 * those plans. The language is switched and the tree drawn in one synchronous step, so
 * concurrent renders in two languages never mix.
 * @throws when the render fails (the server then sends the build's outline).
 */
export async function renderDepositFeePage(
  locale: Locale,
  plans: MembershipPlan[],
  rules: Rules,
): Promise<string> {
  await loadLocale(locale)
  i18n.activate(locale)
  return renderToString(<DepositFeeShell plans={plans} rules={rules} />)
}
