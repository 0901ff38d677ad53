/**
 * Build-time rendering (react-dom/static) of the screens whose first render needs no data: the
 * landing and the login and register screens. The build puts each one's markup into its page
 * (vite.config.ts `appShellPage`), so the first paint needs no JavaScript, and the browser's app
 * takes that markup over with `hydrateRoot` (src/main.tsx) instead of drawing it again. The tree
 * rendered here is the app's own (`<App />` at the path), so the markup is exactly what the
 * client's first render produces. A render that throws fails the build.
 */
import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { App } from './app/app'
import { DashboardShell } from './features/dashboard/components/dashboard-shell'
import { DepositFeeShell } from './features/membership/components/deposit-fee-shell'
import type { MembershipPlan } from './stores/plans-store'
import type { Rules } from '@contract/rules'
import { activateLocale, i18n, loadLocale } from './i18n/i18n'
import { LOCALES, type Locale } from './i18n/detect'

export { LOCALES }

/**
 * The prerendered routes (SPEC §2), each with the page it is served in: the landing in
 * index.html (for `/` and `/home`), the others in `prerendered/<route>.html`. Only screens whose
 * first render depends on nothing but the path belong here.
 */
export const PRERENDERED = ['/', '/loginn', '/loginold', '/register', '/signup'] as const

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
  if (!(PRERENDERED as readonly string[]).includes(path))
    throw new Error(`${path} is not prerendered`)
  await activateLocale(locale)
  globalThis.localStorage ??= emptyStorage()
  globalThis.sessionStorage ??= emptyStorage()
  return renderStatic(tree(path))
}

/**
 * The logged-in routes whose page carries a static first frame (`shells/<route>.html`), each
 * with what draws it in a language: the dashboard's data-free outline (the same in every
 * language), the deposit screen's header and placeholders. The app renders afresh over it
 * (src/main.tsx); nothing of it is hydrated.
 */
const SHELLS: Record<string, (posterSrc?: string) => ReactNode> = {
  '/dashboard': (posterSrc) => <DashboardShell posterSrc={posterSrc} />,
  '/deposit-fee': () => <DepositFeeShell />,
}

/** The routes of SHELLS. */
export const SHELL_ROUTES = Object.keys(SHELLS)

/** React's server render of `node` into a string, failing on the first error. */
async function renderStatic(node: ReactNode): Promise<string> {
  const errors: unknown[] = []
  const { prelude } = await prerender(node, { onError: (error) => void errors.push(error) })
  if (errors.length > 0) throw errors[0]
  return new Response(prelude).text()
}

/**
 * The static first frame of the logged-in route `path` in `locale` (markup for #root);
 * `posterSrc` is the player's still as the page carries it (a `data:` URL).
 * @throws when `path` has no shell, or its render fails.
 */
export async function renderShell(
  path: string,
  posterSrc?: string,
  locale: Locale = 'en',
): Promise<string> {
  const shell = SHELLS[path]
  if (!shell) throw new Error(`${path} has no shell`)
  await activateLocale(locale)
  return renderStatic(shell(posterSrc))
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
