/**
 * The rendered pages as the server sends them: the build's page of a route a guest may open
 * (`pages/<route>.html`, index.html for the landing) drawn again by the one server-side render
 * (`#page-render`: src/entry-server.tsx as the build ships it in dist/ssr/, declared in
 * package.json's `imports` and typed by contract/page-render.d.ts) with the rules the server
 * serves, so what a page states before any JavaScript has run is what `GET /config/` says, and
 * the client hydrates it with the same rules (its `page-config`). No visitor's data: a page
 * request carries no token. Each page and the rules are reused for PAGE_TTL_MS, so pages asked for
 * in a burst cost one render and one read. Without the server render (no build), or when a render
 * fails, the caller sends the build's page as it is.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { servedRules } from './payout-time.ts'
import { fillPage, type PageConfig } from '../../contract/page-html.ts'

/** A page language (src/i18n/detect.ts `LOCALES`). */
type Locale = 'en' | 'hi'

/** How long the rules and a drawn page are reused (ms): they change rarely. */
export const PAGE_TTL_MS = 2000

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
 * The page maker of the build in `dir`: `(page file as contract/routes.ts `pageFile` names it,
 * route path, locale) → HTML of that page drawn with the served rules`, or null when it is not
 * drawn (then send the build's file); null itself when the build has no server render.
 */
export function renderedPages(
  app: FastifyInstance,
  dir: string,
): ((file: string, route: string, locale: Locale) => Promise<string | null>) | null {
  if (!fs.existsSync(path.join(dir, 'ssr', 'entry-server.js'))) return null
  // The app's clock (`config.clock`, injected by tests), else the wall clock, in ms.
  const now = () => app.config.clock?.().getTime() ?? Date.now()
  const config = kept<Promise<PageConfig>>(now)
  const pages = kept<Promise<string | null>>(now)

  async function draw(file: string, route: string, locale: Locale): Promise<string | null> {
    try {
      const template = path.join(dir, file)
      if (!fs.existsSync(template)) return null
      const [{ render, RENDERED_PATHS }, served] = await Promise.all([
        import('#page-render'),
        config('', async () => ({
          rules: await servedRules(app),
          paymentProvider: app.config.paymentProvider,
        })),
      ])
      if (!RENDERED_PATHS.includes(route)) return null
      const page = await render(route, locale, served)
      return fillPage(fs.readFileSync(template, 'utf8'), page, locale, served)
    } catch (error) {
      app.log.error({ err: error, route }, 'a page could not be drawn with the served rules')
      return null
    }
  }

  return (file, route, locale) => pages(`${locale}:${file}`, () => draw(file, route, locale))
}
