/**
 * The server-side render of the PWA (Vite's SSR guide's `entry-server`): `render(url)` draws the
 * app itself (`<App />` through the router, src/app/app.tsx) at a route the table opens to guests
 * (`public` and `guest` routes, contract/routes.ts), with the served rules. The build draws every
 * such page with it (scripts/build/pages.ts) and ships it as dist/ssr/entry-server.js, which the
 * server imports as `#page-render` (package.json `imports`, typed by contract/page-render.d.ts)
 * to draw each page again with the rules it serves. The client hydrates the markup as it is
 * (src/main.tsx). Signed-in routes are not drawn here: they start from the app shell and draw the
 * visitor's saved copy in the browser.
 */
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { Router } from 'wouter'
import { App } from './app/app'
import { PageConfigContext } from './lib/page-config'
import { ROUTES, routePath } from '@contract/routes'
import { splitPreloads, type PageConfig, type RenderedPage } from '@contract/page-html'
import { activateLocale } from './i18n/i18n'
import type { Locale } from './i18n/detect'

/** The paths drawn here: every route a guest may open. */
export const RENDERED_PATHS = ROUTES.filter((route) => route.access !== 'auth').map((r) => r.path)

/** A visitor a page is drawn for has nothing stored: no token, so no redirect. */
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

/** The render before this one: renders run one at a time, as the language is global. */
let previous: Promise<unknown> = Promise.resolve()

/**
 * The page at `url` (its path: the query is left out, as the client's hydration draws without
 * one) in `locale` with `config`, with every lazily loaded screen resolved (`prerender` waits for
 * Suspense boundaries); React's image preloads apart, for the head.
 * @throws when `url` names no rendered route, or the render fails (a screen threw).
 */
export function render(url: string, locale: Locale, config: PageConfig): Promise<RenderedPage> {
  const path = routePath(url.split('?')[0] ?? '/')
  if (!RENDERED_PATHS.includes(path)) return Promise.reject(new Error(`${path} is not rendered`))
  const run = previous.then(async () => {
    await activateLocale(locale)
    globalThis.localStorage ??= emptyStorage()
    globalThis.sessionStorage ??= emptyStorage()
    const errors: unknown[] = []
    const { prelude } = await prerender(
      <StrictMode>
        <PageConfigContext.Provider value={config}>
          {/* wouter's server location (React's server renderer needs a server snapshot). */}
          <Router ssrPath={path} ssrSearch="">
            <App />
          </Router>
        </PageConfigContext.Provider>
      </StrictMode>,
      { onError: (error) => void errors.push(error) },
    )
    if (errors.length > 0) throw errors[0]
    return splitPreloads(await new Response(prelude).text())
  })
  previous = run.catch(() => undefined)
  return run
}
