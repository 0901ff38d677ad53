/**
 * The /deposit-fee page as the server sends it: the build's first frame of the
 * screen (`outlines/deposit-fee.html`, an outline) with the plans and rules the server holds drawn
 * into it by the screen's own components (src/prerender.tsx `renderDepositFeePage`, shipped by
 * the build under `ssr/`), so on a slow network the plans are on screen before any JavaScript
 * has run and the app's first render draws the same markup over them. They are what
 * `GET /get-membership/` and `GET /config/` serve (no visitor's data: the page request carries no
 * token). One render per language is reused for PAGE_TTL_MS, so pages asked for in a burst cost
 * the database one read each way. Without the server build (a build without it, or a render
 * that fails) the caller sends the outline as it is.
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

/** What the server build of src/prerender.tsx exports for this page. */
interface ServerRender {
  renderDepositFeePage(locale: Locale, plans: MembershipPlan[], rules: Rules): Promise<string>
}

/** How long one language's rendered page is reused (ms): plans and rules change rarely. */
export const PAGE_TTL_MS = 2000

/** The shell's root element, on one line: its opening tag, the outline, its closing tag. */
const ROOT = /(<div id="root"[^>]*>).*(<\/div>)$/m

/**
 * The page maker of the build in `dir`: `(locale) → HTML of /deposit-fee` with the current
 * plans, or null when it cannot be drawn (then send `outlines/deposit-fee.html`); null itself when
 * the build has no server render or no shell of the page.
 */
export function depositFeePages(
  app: FastifyInstance,
  dir: string,
): ((locale: Locale) => Promise<string | null>) | null {
  const ssr = path.join(dir, 'ssr')
  const entry = fs.existsSync(ssr)
    ? fs.readdirSync(ssr).find((f) => /^prerender\.m?js$/.test(f))
    : undefined
  const shellOf = (locale: Locale) =>
    path.join(dir, locale === 'hi' ? 'hi/outlines/deposit-fee.html' : 'outlines/deposit-fee.html')
  if (!entry || !fs.existsSync(shellOf('en'))) return null
  // The build's outlines, as the service worker serves them (English for Hindi when not built).
  const english = fs.readFileSync(shellOf('en'), 'utf8')
  const shells: Record<Locale, string> = {
    en: english,
    hi: fs.existsSync(shellOf('hi')) ? fs.readFileSync(shellOf('hi'), 'utf8') : english,
  }
  let renderer: Promise<ServerRender> | null = null
  const pages = new Map<Locale, { at: number; html: Promise<string | null> }>()

  async function draw(locale: Locale): Promise<string | null> {
    try {
      renderer ??= import(pathToFileURL(path.join(ssr, entry!)).href) as Promise<ServerRender>
      const [render, plans, rules] = await Promise.all([
        renderer,
        activePlans(app.db),
        servedRules(app),
      ])
      const markup = await render.renderDepositFeePage(locale, plans, rules)
      return shells[locale].replace(
        ROOT,
        (_all, open: string, close: string) => open + markup + close,
      )
    } catch (error) {
      app.log.error({ err: error }, 'the deposit page could not be drawn with its plans')
      return null
    }
  }

  // The app's clock (`config.clock`, injected by tests), else the wall clock, in ms.
  const now = () => app.config.clock?.().getTime() ?? Date.now()
  return (locale) => {
    const kept = pages.get(locale)
    if (kept && now() - kept.at < PAGE_TTL_MS) return kept.html
    const html = draw(locale)
    pages.set(locale, { at: now(), html })
    return html
  }
}
