/**
 * One render path (src/entry-server.tsx): every route a guest may open is drawn by the server
 * from the route table and hydrated by the app in both languages, with no hydration mismatch and
 * no layout shift; its figures are the server's live rules. A signed-in screen starts from the
 * app shell and draws the visitor's saved copy (IndexedDB) in its first frame, labelled with its
 * time, offline or on a slow network, then the fresh one. A path with no route shows the app
 * shell's loading indicator (after a second), never the landing.
 */
import { describe, expect, it } from 'vitest'
import type { BrowserContextOptions, Page, Route } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { phoneContext, storeAccessToken } from '../helpers/browser.ts'
import { createTestUser } from '../helpers/users.ts'
import { runningClock } from '../helpers/clocks.ts'
import { appSettled } from '../helpers/screens.ts'
import { PAGE_TTL_MS } from '../../server/earning/rendered-pages.ts'
import { updateRules } from '../../server/ops/live-rules.ts'
import { ROUTES, findRoute, routeReads } from '../../contract/routes.ts'

const clock = runningClock()
const e2e = productInChromiumForFile({ clock: clock.now })

/** The query a route's screen needs to show its content rather than its empty state. */
const QUERIES: Record<string, string> = {
  '/enter-email-otp': '?email=someone%40example.com',
  '/update-password': '?email=someone%40example.com',
  '/verify-otp-signup': '?email=someone%40example.com',
  '/payment-success': '?order_id=ORD-E2E-1',
  '/payment-fail': '?order_id=ORD-E2E-2',
}

/** Every route a guest may open: each is rendered, so each is hydrated. */
const RENDERED = ROUTES.filter((route) => route.access !== 'auth').map((route) => route.path)

/**
 * A phone page whose app code (the boot script's dynamic import) waits until `release()`;
 * `options` add to the phone context (a `locale`).
 */
async function pageWithHeldApp(
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: string[]; release: () => void }> {
  const context = await phoneContext(e2e.browser, e2e.product.baseUrl, {
    serviceWorkers: 'block',
    ...options,
  })
  const page = await context.newPage()
  const held: Route[] = []
  let released = false
  await page.route(/\/assets\/main-[\w-]+\.js$/, (route) =>
    released ? route.continue() : void held.push(route),
  )
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    // React reports a hydration mismatch (and its recovery by drawing afresh) as an error.
    if (message.type() === 'error' && /hydrat|did not match/i.test(message.text()))
      problems.push(message.text())
  })
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = [])
    // As CLS counts them: not the shifts within 0.5 s of a tap or key press (`hadRecentInput`).
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; hadRecentInput: boolean }
        if (!shift.hadRecentInput) shifts.push(shift.value)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return {
    page,
    problems,
    release() {
      released = true
      for (const route of held.splice(0)) void route.continue()
    },
  }
}

/** The page's layout shift score so far, as CLS counts (pageWithHeldApp's observer). */
async function layoutShiftTotal(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)
  return shifts.reduce((sum, value) => sum + value, 0)
}

describe('one render path: every public page rendered and hydrated', () => {
  it.each(RENDERED.flatMap((path) => (['en', 'hi'] as const).map((lang) => [path, lang] as const)))(
    '%s (%s) hydrates without a mismatch, keeps its nodes and shifts nothing',
    async (path, lang) => {
      const { page, problems, release } = await pageWithHeldApp(
        lang === 'hi' ? { locale: 'hi-IN' } : {},
      )
      if (lang === 'hi') {
        // The stylesheets answer once the Devanagari font has come, as on a network where they
        // arrive together, so a busy machine's late font swap is not counted as the page's shift
        // (the font's own test is below).
        const fontIn = page
          .waitForEvent('requestfinished', {
            predicate: (request) => request.url().endsWith('.woff2'),
            timeout: 5_000,
          })
          .catch(() => undefined)
        await page.route(/\/assets\/[\w-]+\.css$/, async (route) => {
          await fontIn
          await route.continue()
        })
      }
      // The screen's early GETs (the payment result: contract/routes.ts `reads`) are answered
      // once the hydrated page has been checked: the server's Loading stays until the answer,
      // however late the app hydrates, and is then replaced by the result.
      const route = findRoute(path)!
      const reads = routeReads(route, QUERIES[path] ?? '').map((read) => `/api/v1/${read}`)
      let answer: () => void = () => undefined
      const answered = new Promise<void>((resolve) => (answer = resolve))
      if (reads.length > 0) {
        await page.route(
          (url) => reads.includes(url.pathname + url.search),
          async (held) => {
            await answered
            await held.continue()
          },
        )
      }
      // A page that names the app's files in its head (`appAtOnce`) has its load event held with
      // them.
      await page.goto(path + (QUERIES[path] ?? ''), {
        waitUntil: route.appAtOnce ? 'domcontentloaded' : 'load',
      })
      // No app code has run: the page is the server's render, in the visitor's language.
      const root = page.locator('#root[data-rendered]')
      expect(await root.getAttribute('data-lang')).toBe(lang)
      expect(await page.locator('html').getAttribute('lang')).toBe(lang)
      const heading = await page.locator('#root h1').first().elementHandle()
      expect(heading).not.toBeNull()
      release()
      await appSettled(page)
      // Hydrated: React took over the server's nodes instead of drawing new ones.
      expect(await heading!.evaluate((el) => el.isConnected)).toBe(true)
      expect(problems).toEqual([])
      expect(await layoutShiftTotal(page)).toBe(0)
      if (reads.length > 0) {
        answer()
        // The result replaces the Loading, and moves nothing.
        await page.locator('#root [data-testid="skeleton"]').waitFor({ state: 'detached' })
        await page.locator('#root h1').first().waitFor()
        expect(await heading!.evaluate((el) => el.isConnected)).toBe(false)
        expect(problems).toEqual([])
        expect(await layoutShiftTotal(page)).toBe(0)
      }
      await page.context().close()
    },
  )

  it('answers a tap on the static landing before the app has come: the app starts at once and plays the video', async () => {
    const { page, problems, release } = await pageWithHeldApp()
    const mainRequested = page.waitForRequest(/\/assets\/main-[\w-]+\.js$/)
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    const play = page.getByRole('button', { name: 'Play the sample video' })
    await play.waitFor()
    const facade = page.locator(
      '[data-testid=video-facade] video, [data-testid=video-facade] iframe',
    )
    // A tap before any app code: held, not lost; it starts loading the app without waiting for idle.
    await play.click()
    await mainRequested
    expect(await facade.count()).toBe(0)
    release()
    const video = page.locator('[data-testid=video-facade] video')
    await video.waitFor({ state: 'attached', timeout: 10_000 })
    expect(await video.getAttribute('src')).toBe('/videos/sample-1.mp4')
    // The tap was answered by the hydrated page, not by a page drawn afresh.
    expect(await page.getByRole('heading', { name: 'Hello, welcome!' }).count()).toBe(1)
    expect(problems).toEqual([])
    await page.context().close()
  })

  it("fetches the Devanagari font with a Hindi rendered page's HTML, never with an English one", async () => {
    /** Each web font the page fetched, by file, with what asked for it ('link': a preload). */
    const fontRequests = (page: Page) =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.woff2'))
          .map((entry) => [
            entry.name.replace(/^.*\/(noto-sans-devanagari-devanagari-\d+).*$/, '$1'),
            (entry as PerformanceResourceTiming).initiatorType,
          ])
          .sort(),
      )
    for (const path of ['/', '/loginn']) {
      // The Hindi page as the server picks it for a browser that prefers Hindi. Its stylesheet,
      // which holds the first paint, is answered once the font has come, as on a network where
      // the two arrive together: the page must have asked for the font with the stylesheet, and
      // then its first paint is in the font and nothing moves (a font that comes after the first
      // paint: the next test). A page that asked for the font only once its layout found
      // Devanagari text gets its stylesheet after 5 s, and fails below.
      const hindi = await pageWithHeldApp({ locale: 'hi-IN' })
      const fontIn = hindi.page
        .waitForEvent('requestfinished', {
          predicate: (request) => request.url().endsWith('.woff2'),
          timeout: 5_000,
        })
        .catch(() => undefined)
      await hindi.page.route(/\/assets\/[\w-]+\.css$/, async (route) => {
        await fontIn
        await route.continue()
      })
      await hindi.page.goto(path, { waitUntil: 'load' })
      expect(await hindi.page.locator('html').getAttribute('lang')).toBe('hi')
      await hindi.page.evaluate(() => document.fonts.ready)
      // The one font file (bold is synthesized from it), asked for by the page's preload.
      expect(await fontRequests(hindi.page)).toEqual([
        ['noto-sans-devanagari-devanagari-400', 'link'],
      ])
      expect(await layoutShiftTotal(hindi.page)).toBe(0)
      await hindi.page.context().close()

      const english = await pageWithHeldApp()
      await english.page.goto(path, { waitUntil: 'load' })
      await english.page.evaluate(() => document.fonts.ready)
      // The language switch's "हिन्दी" may ask for the font through the stylesheet.
      const fetched = await fontRequests(english.page)
      expect(fetched.filter(([, initiator]) => initiator === 'link')).toEqual([])
      await english.page.context().close()
    }
  })

  it("moves nothing on a Hindi rendered page when its font comes after the first paint, and draws the app's next screen in it", async () => {
    // /help-center: the conditions' card under paragraphs of Hindi, which a swapped-in font
    // rewraps (CLS 0.17 with `font-display: swap`).
    const { page, release } = await pageWithHeldApp({ locale: 'hi-IN' })
    let sendFont: () => void = () => undefined
    const fontHeld = new Promise<void>((resolve) => (sendFont = resolve))
    await page.route(/\.woff2$/, async (route) => {
      await fontHeld
      await route.continue()
    })
    const fontIn = page.waitForEvent('requestfinished', {
      predicate: (request) => request.url().endsWith('.woff2'),
    })
    // Hindi text painted (in the phone's fallback: the largest paint is text only once visible).
    await page.addInitScript(() => {
      const w = window as unknown as { hindiPainted: boolean }
      w.hindiPainted = false
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          if (/[\u0900-\u097F]/.test(entry.element?.textContent ?? '')) w.hindiPainted = true
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    await page.goto('/help-center', { waitUntil: 'domcontentloaded' })
    await page.waitForFunction(() => (window as unknown as { hindiPainted: boolean }).hindiPainted)
    const card = page.getByTestId('withdrawal-conditions')
    const before = await card.boundingBox()
    sendFont()
    await fontIn
    await page.evaluate(() => document.fonts.ready)
    release()
    await appSettled(page)
    expect(await card.boundingBox()).toEqual(before)
    expect(await layoutShiftTotal(page)).toBe(0)
    // The app's next screen is drawn in the web font (its own `swap` face), whatever the first
    // paint used.
    await page.locator('a[href="/termsandcondition"]').first().click()
    await page.waitForURL((url) => url.pathname === '/termsandcondition')
    await page.waitForFunction(() =>
      [...document.fonts].some(
        (face) =>
          face.family.replace(/"/g, '') === 'Noto Sans Devanagari' &&
          face.display === 'swap' &&
          face.status === 'loaded',
      ),
    )
    await page.context().close()
  })

  it("draws a rendered page's figures from the server's live rules, also for the service worker's copy, and hydrates them", async () => {
    const app = e2e.product.app
    const actor = { operatorId: null, actor: 'cli:e2e', ip: null }
    const base = { ...app.config.rules, ...app.config.risk }
    const before = app.config.rules.referralRewardReferrerCoins
    const change = (coins: number, why: string) =>
      updateRules(
        app.db,
        app.dialect,
        base,
        actor,
        { referralRewardReferrerCoins: coins },
        why,
        clock.now(),
      )
    await change(275, 'e2e check')
    // As the live-rules refresh applies a stored version (server/ops/live-rules-plugin.ts).
    Object.assign(app.config.rules, { referralRewardReferrerCoins: 275 })
    try {
      // Past the reuse of a page drawn before the change.
      clock.advance(PAGE_TTL_MS)
      const { page, problems, release } = await pageWithHeldApp()
      await page.goto('/termsandcondition', { waitUntil: 'load' })
      const coins = page.locator('#root[data-rendered] [data-testid="terms-referral"]')
      expect(await coins.textContent()).toContain('275')
      // The file the service worker precaches is drawn the same way, with the rules to hydrate.
      const file = await page.request.get('/pages/termsandcondition.html')
      expect(file.headers()['content-type']).toMatch(/^text\/html/)
      const html = await file.text()
      expect(html).toContain('"referralRewardReferrerCoins":275')
      release()
      await appSettled(page)
      expect(await page.locator('[data-testid="terms-referral"]').textContent()).toContain('275')
      expect(problems).toEqual([])
      await page.context().close()
    } finally {
      await change(before, 'e2e check done')
      Object.assign(app.config.rules, { referralRewardReferrerCoins: before })
      clock.advance(PAGE_TTL_MS)
    }
  })

  it('shows a loading indicator after a second, never the landing, on a path with no route before the app runs', async () => {
    const { page, release } = await pageWithHeldApp()
    await page.goto('/no-such-page', { waitUntil: 'load' })
    await page.getByRole('status').getByText('Loading…').waitFor()
    // Not painted in its first second (a fast start goes straight to the screen, no spinner flash).
    const shownAt = await page.evaluate(async () => {
      const indicator = document.querySelector('.page-spinner')!
      while (!indicator.checkVisibility({ visibilityProperty: true })) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return performance.now()
    })
    expect(shownAt).toBeGreaterThanOrEqual(1000)
    expect(await page.getByText('Hello, welcome!').count()).toBe(0)
    release()
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    expect(await page.getByText('Loading…').count()).toBe(0)
    await page.context().close()
  })

  it('never serves the server-side render (ssr/), nor precaches it', async () => {
    const base = e2e.product.baseUrl
    expect((await fetch(`${base}/ssr/entry-server.js`)).status).toBe(404)
    const worker = await (await fetch(`${base}/sw.js`)).text()
    expect(worker).toContain('pages/termsandcondition.html')
    expect(worker).toContain('shell/dashboard.html')
    expect(worker).not.toMatch(/ssr\//)
  })
})

/**
 * Records, in the page, what the app's first frame over the app shell holds: the first time the
 * loading indicator is gone from #root, the greeting, the balance, the saved copy's label and the
 * names of the labelled sections (a plan type's plans).
 */
function recordFirstFrame(): void {
  const record = () => {
    const root = document.getElementById('root')
    if (!root || root.querySelector('.page-spinner') || !root.firstElementChild) return false
    const text = (selector: string) => root.querySelector(selector)?.textContent ?? null
    ;(window as unknown as { firstFrame: unknown }).firstFrame = {
      heading: text('h1'),
      balance: text('[data-testid="coin-balance"]'),
      label: text('[data-testid="saved-copy-label"]'),
      regions: [...root.querySelectorAll('section[aria-label]')].map((region) =>
        region.getAttribute('aria-label'),
      ),
    }
    return true
  }
  document.addEventListener('DOMContentLoaded', () => {
    const observer = new MutationObserver(() => {
      if (record()) observer.disconnect()
    })
    const root = document.getElementById('root')
    if (root) observer.observe(root, { childList: true, subtree: true }) // not on robots.txt
  })
}

/** What recordFirstFrame kept. */
function firstFrame(page: Page) {
  return page
    .waitForFunction(() => (window as unknown as { firstFrame?: unknown }).firstFrame)
    .then(
      (handle) =>
        handle.jsonValue() as Promise<{
          heading: string | null
          balance: string | null
          label: string | null
          /** The names of the first frame's labelled sections (a plan type's plans). */
          regions: (string | null)[]
        }>,
    )
}

describe("a signed-in screen's first frame is the visitor's saved copy", () => {
  it('offline, shows the saved copy with its time in the first frame, in English and Hindi', async () => {
    const user = await createTestUser(e2e.product.app, { firstName: 'Saved Copy' })
    const context = await phoneContext(e2e.browser, e2e.product.baseUrl)
    await context.addInitScript(recordFirstFrame)
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto('/robots.txt')
    await storeAccessToken(page, user.token)
    // The first visit: the screen fetches the user and keeps it; the service worker installs.
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Hello, Saved Copy' }).waitFor()
    await page.getByTestId('saved-copy-label').getByText('Updated just now').waitFor()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    })
    const savedBalance = await page.getByTestId('coin-balance').textContent()

    // Offline: the app shell from the worker, and the saved copy in the first frame.
    await context.setOffline(true)
    await page.reload()
    const offline = await firstFrame(page)
    expect(offline.heading).toBe('Hello, Saved Copy')
    expect(offline.balance).toBe(savedBalance)
    expect(offline.label).toMatch(/^Saved at \d{1,2}:\d{2} (am|pm)$/)
    // In Hindi too, labelled in Hindi.
    await page.evaluate(() => localStorage.setItem('lang', 'hi'))
    await page.reload()
    expect((await firstFrame(page)).label).toMatch(/^\d{1,2}:\d{2} (सुबह|शाम) पर सेव की गई कॉपी$/)
    await page.evaluate(() => localStorage.setItem('lang', 'en'))
    await context.setOffline(false)

    expect(problems.join('\n')).toBe('')
    await context.close()
  })

  it('on a slow network, shows the saved copy with its time in the first frame, then the fresh one', async () => {
    const user = await createTestUser(e2e.product.app, { firstName: 'Saved Copy' })
    // No service worker: the API answer goes to the network, where it is held.
    const context = await phoneContext(e2e.browser, e2e.product.baseUrl, {
      serviceWorkers: 'block',
    })
    await context.addInitScript(recordFirstFrame)
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto('/robots.txt')
    await storeAccessToken(page, user.token)
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Hello, Saved Copy' }).waitFor()
    await page.getByTestId('saved-copy-label').getByText('Updated just now').waitFor()
    await page.goto('/robots.txt')
    // The name changed on the server since; the user's answer is held until the first frame.
    await e2e.product.app.db
      .updateTable('users')
      .set({ first_name: 'Fresh Copy' })
      .where('id', '=', user.id)
      .execute()
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => (answer = resolve))
    await page.route(/\/api\/v1\/get-user\/?$/, async (route: Route) => {
      await answered
      await route.continue()
    })
    await page.goto('/dashboard')
    const slow = await firstFrame(page)
    expect(slow.heading).toBe('Hello, Saved Copy')
    expect(slow.label).toMatch(/^Saved at \d{1,2}:\d{2} (am|pm)$/)
    answer()
    await page.getByRole('heading', { name: 'Hello, Fresh Copy' }).waitFor()
    await page.getByTestId('saved-copy-label').getByText('Updated just now').waitFor()
    expect(problems.join('\n')).toBe('')
    await context.close()
  })
  it('offline, shows the saved plans with their time in the first frame, in English and Hindi, then the fresh ones online', async () => {
    const { db } = e2e.product.app
    const user = await createTestUser(e2e.product.app)
    const context = await phoneContext(e2e.browser, e2e.product.baseUrl)
    await context.addInitScript(recordFirstFrame)
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto('/robots.txt')
    await storeAccessToken(page, user.token)
    // The first visit: the screen fetches the plans and keeps them; the service worker installs.
    await page.goto('/deposit-fee')
    await page.getByRole('region', { name: 'Gold plans' }).waitFor()
    await page.getByTestId('saved-copy-label').getByText('Updated just now').waitFor()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    })
    // A plan type the operators add since: not in the saved copy.
    const added = await db
      .insertInto('membership_plans')
      .values({
        membership_type: 'Festival',
        video_point: 80,
        deposit_point: '299',
        withdrawl_days: 4,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    try {
      // Offline: the app shell from the worker, and the saved plans with their time in the first frame.
      await context.setOffline(true)
      await page.reload()
      const offline = await firstFrame(page)
      expect(offline.regions).toContain('Gold plans')
      expect(offline.regions).not.toContain('Festival plans')
      expect(offline.label).toMatch(/^Saved at \d{1,2}:\d{2} (am|pm)$/)
      await page.screenshot({
        path: 'tests/screenshots/pwa-first-paint-deposit-fee-saved-offline.png',
      })
      // In Hindi too, labelled in Hindi.
      await page.evaluate(() => localStorage.setItem('lang', 'hi'))
      await page.reload()
      const hindi = await firstFrame(page)
      expect(hindi.regions).toContain('गोल्ड प्लान')
      expect(hindi.label).toMatch(/^\d{1,2}:\d{2} (सुबह|शाम) पर सेव की गई कॉपी$/)
      await page.screenshot({
        path: 'tests/screenshots/pwa-first-paint-deposit-fee-saved-offline-hi.png',
      })
      await page.evaluate(() => localStorage.setItem('lang', 'en'))

      // Online: the saved copy first, then the fresh plans, labelled as updated.
      await context.setOffline(false)
      await page.reload()
      await page.getByRole('region', { name: 'Festival plans' }).waitFor()
      await page.getByTestId('saved-copy-label').getByText('Updated just now').waitFor()
      await page.screenshot({
        path: 'tests/screenshots/pwa-first-paint-deposit-fee-fresh-online.png',
      })
    } finally {
      await db.deleteFrom('membership_plans').where('id', '=', added.id).execute()
    }
    expect(problems.join('\n')).toBe('')
    await context.close()
  })
})
