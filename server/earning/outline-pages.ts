/**
 * The outline pages as the server sends them (contract/routes.ts `outline`): the build's page of
 * the route (`outlines/<route>.html`) with its first frame drawn again by the screen's own
 * components (src/prerender.tsx `renderOutlinePage`, shipped by the build under `ssr/`) with the
 * rules and plans the server holds and at the page's query, so what a page states before any
 * JavaScript has run is what `GET /config/` and `GET /get-membership/` serve and what its address
 * says (no visitor's data: a page request carries no token). The rules and plans, and each page
 * without a query, are reused for PAGE_TTL_MS, so pages asked for in a burst cost the database one
 * read each way. Without the server build, for the dashboard (whose outline states no rule) or
 * when a render fails, the caller sends the build's page as it is.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { activePlans } from './membership.ts'
import { servedRules } from './payout-time.ts'
import type { Rules } from '../../contract/rules.ts'
import type { MembershipPlan } from '../../contract/api/earning.ts'

/** A page language (src/i18n/detect.ts `LOCALES`). */
type Locale = 'en' | 'hi'

/** What the server build of src/prerender.tsx exports for these pages. */
interface ServerRender {
  renderOutlinePage(
    path: string,
    locale: Locale,
    rules: Rules,
    plans: MembershipPlan[],
    paymentProvider: string,
    search: string,
  ): Promise<string | null>
}

/** How long the rules, plans and a page without a query are reused (ms): they change rarely. */
export const PAGE_TTL_MS = 2000

/** The longest query a page is drawn with (characters); a longer one is left to the app. */
const MAX_SEARCH_LENGTH = 512

/** The page's root element, on one line: its opening tag, the first frame, its closing tag. */
const ROOT = /(<div id="root"[^>]*>).*(<\/div>)$/m

/** Values kept for PAGE_TTL_MS of the app's clock. */
function kept<T>(now: () => number) {
  const values = new Map<string, { at: number; value: T }>()
  return (key: string, make: () => T): T => {
    const held = values.get(key)
    if (held && now() - held.at < PAGE_TTL_MS) return held.value
    const value = make()
    values.set(key, { at: now(), value })
    return value
  }
}

/**
 * The page maker of the build in `dir`: `(route path, locale, query without "?") → HTML of the
 * route's outline page` drawn with the current rules and plans at that query, or null when it is
 * not drawn (then send the build's page); null itself when the build has no server render. Pages
 * with a query (the visitor's own address or amount) are drawn for each request, never reused.
 */
export function outlinePages(
  app: FastifyInstance,
  dir: string,
): ((route: string, locale: Locale, search?: string) => Promise<string | null>) | null {
  const ssr = path.join(dir, 'ssr')
  const entry = fs.existsSync(ssr)
    ? fs.readdirSync(ssr).find((f) => /^prerender\.m?js$/.test(f))
    : undefined
  if (!entry) return null
  let renderer: Promise<ServerRender> | null = null
  // The app's clock (`config.clock`, injected by tests), else the wall clock, in ms.
  const now = () => app.config.clock?.().getTime() ?? Date.now()
  const data = kept<Promise<[MembershipPlan[], Rules]>>(now)
  const pages = kept<Promise<string | null>>(now)

  /** The build's page of `route` in `locale` (English where Hindi was not built), or null. */
  function builtPage(route: string, locale: Locale): string | null {
    for (const file of [
      path.join(dir, locale === 'hi' ? 'hi/outlines' : 'outlines', `${route}.html`),
      path.join(dir, 'outlines', `${route}.html`),
    ]) {
      if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8')
    }
    return null
  }

  async function draw(route: string, locale: Locale, search: string): Promise<string | null> {
    try {
      const page = builtPage(route, locale)
      if (page === null) return null
      renderer ??= import(pathToFileURL(path.join(ssr, entry!)).href) as Promise<ServerRender>
      const [render, [plans, rules]] = await Promise.all([
        renderer,
        data('', () => Promise.all([activePlans(app.db), servedRules(app)])),
      ])
      const markup = await render.renderOutlinePage(
        route,
        locale,
        rules,
        plans,
        app.config.paymentProvider,
        search,
      )
      if (markup === null) return null
      return page.replace(ROOT, (_all, open: string, close: string) => open + markup + close)
    } catch (error) {
      app.log.error({ err: error, route }, 'an outline page could not be drawn with the rules')
      return null
    }
  }

  return (route, locale, search = '') => {
    if (search.length > MAX_SEARCH_LENGTH) search = ''
    if (search) return draw(route, locale, search)
    return pages(`${locale}:${route}`, () => draw(route, locale, ''))
  }
}
