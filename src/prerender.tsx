/**
 * Build-time rendering (react-dom/static) of the screens whose first render needs no data: the
 * landing and the login and register screens. The build puts each one's markup into its page
 * (vite.config.ts `appShellPage`), so the first paint needs no JavaScript, and the browser's app
 * takes that markup over with `hydrateRoot` (src/main.tsx) instead of drawing it again. The tree
 * rendered here is the app's own (`<App />` at the path), so the markup is exactly what the
 * client's first render produces. A render that throws fails the build.
 */
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { Router } from 'wouter'
import { App } from './app/app'
import { DashboardShell } from './features/dashboard/components/dashboard-shell'
import { activateLocale } from './i18n/i18n'
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
 * The markup of the app at `path` in `locale` as its first client render in that language draws
 * it (no query string), with every lazily loaded screen resolved (`prerender` waits for Suspense
 * boundaries). Each page is drawn in English and in Hindi (issue 16).
 * @throws when `path` is not in PRERENDERED, or the render fails (a screen threw).
 */
export async function render(path: string, locale: Locale = 'en'): Promise<string> {
  if (!(PRERENDERED as readonly string[]).includes(path))
    throw new Error(`${path} is not prerendered`)
  await activateLocale(locale)
  globalThis.localStorage ??= emptyStorage()
  globalThis.sessionStorage ??= emptyStorage()
  const errors: unknown[] = []
  const { prelude } = await prerender(tree(path), { onError: (error) => void errors.push(error) })
  if (errors.length > 0) throw errors[0]
  return new Response(prelude).text()
}

/**
 * The logged-in routes whose page carries a static first frame (a data-free outline of the
 * screen, `shells/<route>.html`), each with the component that draws it. The app renders afresh
 * over it (src/main.tsx); nothing of it is hydrated.
 */
const SHELLS = { '/dashboard': DashboardShell } as const

/** The routes of SHELLS. */
export const SHELL_ROUTES = Object.keys(SHELLS) as ReadonlyArray<keyof typeof SHELLS>

/**
 * The static first frame of the logged-in route `path` (markup for #root); `posterSrc` is the
 * player's still as the page carries it (a `data:` URL).
 * @throws when `path` has no shell, or its render fails.
 */
export async function renderShell(path: string, posterSrc?: string): Promise<string> {
  const Shell = SHELLS[path as keyof typeof SHELLS]
  if (!Shell) throw new Error(`${path} has no shell`)
  const errors: unknown[] = []
  const { prelude } = await prerender(<Shell posterSrc={posterSrc} />, {
    onError: (error) => void errors.push(error),
  })
  if (errors.length > 0) throw errors[0]
  return new Response(prelude).text()
}
