/**
 * The landing's first paint does not wait for JavaScript: index.html carries the landing as React
 * renders it at build time, and the app hydrates it: the same DOM nodes stay, nothing moves (no
 * layout shift), React reports no hydration mismatch; the prerendered account screens likewise; the
 * dashboard gets its data-free outline with the player's still in the page (outlines/dashboard.html),
 * every other route an outline of its own, a path with no route app.html's loading indicator (shown
 * once the app has taken more than a second), never the landing.
 */
import { describe, expect, it } from 'vitest'
import type { BrowserContextOptions, Page, Route } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { phoneContext, storeAccessToken } from '../helpers/browser.ts'
import { createTestUser } from '../helpers/users.ts'
import { runningClock } from '../helpers/clocks.ts'
import { PAGE_TTL_MS } from '../../server/earning/outline-pages.ts'
import { updateRules } from '../../server/ops/live-rules.ts'

const clock = runningClock()
const e2e = productInChromiumForFile({ clock: clock.now })

/**
 * Resolves once the app has finished its start: its last step (the toaster, mounted after the first
 * screen has painted) is in the page and two more frames have been laid out.
 */
async function appSettled(page: Page): Promise<void> {
  await page.locator('[data-rht-toaster]').waitFor({ state: 'attached' })
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

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

/** Boxes of the landing's above-the-fold elements, by a name. */
function aboveTheFold(page: Page) {
  return page.evaluate(() => {
    const pick = {
      heading: document.querySelector('h1'),
      text: document.querySelector('.landing-hero p'),
      register: document.querySelector('a[href="/register"]'),
      login: document.querySelector('a[href="/loginn"]'),
      getStarted: document.querySelector('.get-started img'),
      video: document.querySelector('.video-facade'),
    }
    return Object.fromEntries(
      Object.entries(pick).map(([name, el]) => {
        const r = el?.getBoundingClientRect()
        return [
          name,
          r ? [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)] : null,
        ]
      }),
    )
  })
}

describe('first paint without JavaScript', () => {
  it('paints the landing from HTML, and the app hydrates it without a layout shift', async () => {
    const { page, problems, release } = await pageWithHeldApp()
    await page.goto('/', { waitUntil: 'load' })
    // No app code has run: what shows is index.html's own content.
    await page.getByRole('heading', { name: 'Hello, welcome!' }).waitFor()
    await page.getByText('Log in or create an account!').waitFor()
    expect(await page.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/register',
    )
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/loginn')
    expect(await page.getByRole('heading', { name: 'About' }).count()).toBe(0)
    const before = await aboveTheFold(page)
    expect(Object.values(before).every((box) => box !== null)).toBe(true)
    const staticHeading = await page.locator('h1').elementHandle()
    const staticLink = await page.getByRole('link', { name: 'Register' }).elementHandle()

    release()
    await page.getByRole('heading', { name: 'About' }).waitFor() // React's landing is up
    await appSettled(page)
    expect(await aboveTheFold(page)).toEqual(before)
    expect(await layoutShiftTotal(page)).toBeLessThanOrEqual(0.001)
    // Hydrated: React took over the static nodes instead of drawing new ones.
    expect(await staticHeading!.evaluate((el) => el.isConnected)).toBe(true)
    expect(await staticLink!.evaluate((el) => el.isConnected)).toBe(true)
    expect(problems).toEqual([])
    await page.context().close()
  })

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

  it('paints the prerendered login screen from HTML, and the app hydrates it without a shift', async () => {
    const { page, problems, release } = await pageWithHeldApp()
    await page.goto('/loginn', { waitUntil: 'load' })
    await page.locator('h1', { hasText: 'Log In' }).waitFor()
    await page.locator('input[placeholder="Enter your email or phone number"]').waitFor()
    // Nothing can be typed into the static copy before React knows of it: the page is inert.
    expect(await page.locator('#root').getAttribute('inert')).toBe('')
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('#root h1, #root input, #root button')].map((el) => {
          const r = el.getBoundingClientRect()
          return [
            el.tagName,
            Math.round(r.x),
            Math.round(r.y),
            Math.round(r.width),
            Math.round(r.height),
          ]
        }),
      )
    const before = await boxes()
    const staticInput = await page
      .locator('input[placeholder="Enter your password"]')
      .elementHandle()
    release()
    // React has taken over once the page is no longer inert.
    await page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('inert'))
    await appSettled(page)
    expect(await boxes()).toEqual(before)
    expect(await layoutShiftTotal(page)).toBeLessThanOrEqual(0.001)
    // Hydrated: the static input is React's input now, and typing into it reaches the screen.
    expect(await staticInput!.evaluate((el) => el.isConnected)).toBe(true)
    await page.getByPlaceholder('Enter your password').fill('12')
    expect(await staticInput!.evaluate((el) => (el as HTMLInputElement).value)).toBe('12')
    expect(problems).toEqual([])
    await page.context().close()
  })

  it("fetches the Devanagari font with a Hindi prerendered page's HTML, never with an English one", async () => {
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
      // then its first paint is in the font and nothing moves. (A font that comes after the first
      // paint, on a slow or busy device without a Devanagari font of its own, is swapped in and
      // moves the text a little: `font-display: swap`.) A page that asked for the font only once
      // its layout found Devanagari text gets its stylesheet after 5 s, and fails below.
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

  it("paints a route's own screen before the app runs, never the landing, and the app draws the screen over it", async () => {
    const { page, release } = await pageWithHeldApp()
    await page.goto('/termsandcondition', { waitUntil: 'load' })
    // The screen itself, drawn by the build without the visitor's data: its heading and its text.
    const outline = page.locator('#root[data-outline] [data-testid="terms-coins"]')
    await outline.waitFor()
    expect(await page.getByRole('heading', { name: 'Terms & Conditions' }).count()).toBe(1)
    expect(await page.getByText('Hello, welcome!').count()).toBe(0)
    // React's root is not on the page until the app's code runs.
    const reactRoot = () =>
      page.evaluate(() =>
        Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')),
      )
    expect(await reactRoot()).toBe(false)
    release()
    await expect.poll(reactRoot).toBe(true)
    await page.getByText('Continue Watching Videos').first().waitFor()
    expect(await page.locator('#root [data-testid="terms-coins"]').count()).toBe(1)
    await page.context().close()
  })

  it("draws an outline page's figures from the server's live rules, also for the service worker's copy, and states nothing it cannot know", async () => {
    const app = e2e.product.app
    const actor = { operatorId: null, actor: 'cli:e2e', ip: null }
    const base = { ...app.config.rules, ...app.config.risk }
    const before = app.config.rules.referralRewardReferrerCoins
    await updateRules(
      app.db,
      app.dialect,
      base,
      actor,
      { referralRewardReferrerCoins: 275 },
      'e2e check',
      clock.now(),
    )
    // As the live-rules refresh applies a stored version (server/ops/live-rules-plugin.ts).
    Object.assign(app.config.rules, { referralRewardReferrerCoins: 275 })
    try {
      // Past the reuse of a page drawn before the change.
      clock.advance(PAGE_TTL_MS)
      const { page, release } = await pageWithHeldApp()
      await page.goto('/how-to-earn', { waitUntil: 'load' })
      const step = page.locator('#root[data-outline] [data-testid="step-refer"]')
      await step.waitFor()
      expect(await step.textContent()).toContain('275 coins')
      // The file the service worker precaches is drawn the same way.
      const file = await page.request.get('/outlines/how-to-earn.html')
      expect(file.headers()['content-type']).toMatch(/^text\/html/)
      expect(await file.text()).toContain('275 coins')
      release()
      await page.context().close()

      // A page's query is drawn in by the server too: the OTP screen's address.
      const otp = await pageWithHeldApp()
      await otp.page.goto('/enter-email-otp?email=early%40example.com', { waitUntil: 'load' })
      await otp.page
        .locator('#root[data-outline] .otp-address', { hasText: 'early@example.com' })
        .waitFor()
      await otp.page.context().close()

      // Pages opened without what they state (an OTP screen without its address, the withdraw
      // screen without a balance) draw placeholders there, not an error or a ₹0 range.
      for (const [path, absent] of [
        ['/enter-email-otp', 'does not say which email'],
        ['/amount-withdraw', 'Nothing to take yet'],
        ['/m-payment', 'There is no payment to make here'],
      ] as const) {
        const held = await pageWithHeldApp()
        await held.page.goto(path, { waitUntil: 'load' })
        await held.page.locator('#root[data-outline] main').waitFor()
        expect(await held.page.locator('#root').textContent()).not.toContain(absent)
        await held.page.context().close()
      }
    } finally {
      await updateRules(
        app.db,
        app.dialect,
        base,
        actor,
        { referralRewardReferrerCoins: before },
        'e2e check done',
        clock.now(),
      )
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

  it("sends a logged-in screen's data requests and fetches its code before the app code arrives, each only once", async () => {
    const user = await createTestUser(e2e.product.app, { firstName: 'Early Bird' })
    const { page, release } = await pageWithHeldApp()
    await page.goto('/robots.txt')
    await storeAccessToken(page, user.token)
    const gets: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/v1/')) gets.push(url.pathname + url.search)
    })
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    const images: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname)
    })
    const response = await page.goto('/dashboard', { waitUntil: 'load' })
    // The page is the screen's outline with the player's still inside it (a data: URL), painted
    // before any of the app's code has run. Neither a Link header nor the page's head asks for
    // code: the app's files and the dashboard's own are fetched once that first frame is on screen,
    // so they never share the network with it (LCP).
    expect(response?.headers().link).toBeUndefined()
    const html = (await response!.text()).replace(
      /<template id="app-preloads">.*?<\/template>/s,
      '',
    )
    expect(html).not.toMatch(/rel="(module)?preload"/)
    await expect
      .poll(() => scripts.some((p) => /^\/assets\/dashboard-[\w-]+\.js$/.test(p)))
      .toBe(true)
    // React's file and the dashboard's own were asked for after the first frame was presented.
    const codeTimes = () =>
      page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        starts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/(react|dashboard)-[\w-]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }))
    await expect.poll(async () => (await codeTimes()).starts.length).toBe(2)
    const { paint, starts } = await codeTimes()
    expect(paint).toBeLessThan(Infinity)
    for (const start of starts) expect(start).toBeGreaterThan(paint)
    const still = page.locator('#root[data-outline] main[aria-busy="true"] img.player-still')
    expect(await still.getAttribute('src')).toMatch(/^data:image\/webp;base64,/)
    expect(await still.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(640)
    // In the player's place on a 360×800 screen: full width of the card, within the first screen.
    const box = await still.boundingBox()
    expect(box!.width).toBeGreaterThan(280)
    expect(box!.y + box!.height).toBeLessThan(800)
    // The file itself, for the app's player, is fetched too (at low priority).
    await expect.poll(() => images).toContain('/player/poster.webp')
    // The app's code is held back, yet the screen's GETs are on their way.
    await expect
      .poll(() => gets.slice().sort())
      .toEqual([
        '/api/v1/config/',
        '/api/v1/dashboard/?link=',
        '/api/v1/get-membership/',
        '/api/v1/get-user/',
      ])
    release()
    await page.getByRole('heading', { name: 'Hello, Early Bird' }).waitFor()
    await page.getByText('Membership plans').waitFor()
    await page.waitForLoadState('networkidle')
    // The app drew over the outline, and its first render already shows the player's still (in
    // the placeholder or the player).
    expect(await page.locator('main[aria-busy="true"]').count()).toBe(0)
    expect(
      await page.locator('img.player-still, video[poster="/player/poster.webp"]').count(),
    ).toBe(1)
    expect(await page.locator('img.player-still, video').getAttribute('src')).not.toMatch(/^data:/)
    // The app used those answers: the user, plans and videos were not asked for a second time.
    expect(gets.filter((g) => g === '/api/v1/get-user/')).toHaveLength(1)
    expect(gets.filter((g) => g === '/api/v1/get-membership/')).toHaveLength(1)
    expect(gets.filter((g) => g === '/api/v1/dashboard/?link=')).toHaveLength(1)
    await page.context().close()
  })

  it("draws /deposit-fee's plans into its page from the server's plans, in the visitor's language, and the app takes it over without moving anything", async () => {
    // A plan an operator has just added: the page shows it, so it is read per request, not built.
    const { id } = await e2e.product.app.db
      .insertInto('membership_plans')
      .values({
        membership_type: 'Platinum',
        video_point: 444,
        deposit_point: '7777',
        withdrawl_days: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    try {
      // Past the reuse of a page drawn before the plan was added.
      clock.advance(PAGE_TTL_MS)
      const user = await createTestUser(e2e.product.app, { firstName: 'Plan Reader' })
      for (const [locale, text, button] of [
        ['en-IN', 'Deposit rupees 7,777 and get 444 coins (₹4.44) per video', 'Deposit'],
        ['hi-IN', '₹7,777 जमा करें और हर वीडियो पर 444 कॉइन (₹4.44) पाएँ', 'जमा करें'],
      ] as const) {
        const { page, problems, release } = await pageWithHeldApp({ locale })
        await page.goto('/robots.txt')
        await storeAccessToken(page, user.token)
        const response = await page.goto('/deposit-fee', { waitUntil: 'load' })
        expect(response?.headers()['content-type']).toMatch(/^text\/html/)
        // Nothing of the dashboard's: the player's still is that page's preload, not this one's.
        expect(await response!.text()).not.toContain('/player/poster.webp')
        // Before any of the app's code has run: the plans are on screen, the page waits for it.
        const plan = page.locator('#root[data-outline] p.plan-text', { hasText: text })
        await plan.waitFor()
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale.slice(0, 2))
        expect(await page.locator('#root[data-outline] p.plan-text').count()).toBeGreaterThan(2)
        // Where it lies on the page (not in the viewport: a tap scrolls it into view).
        const pageBox = (text: string) =>
          page.locator('p.plan-text', { hasText: text }).evaluate((p) => {
            const box = p.getBoundingClientRect()
            return { x: box.x + scrollX, y: box.y + scrollY, width: box.width, height: box.height }
          })
        const before = await pageBox(text)
        expect(before.width).toBeGreaterThan(100)
        // A tap on the plan's Deposit button now (a key press in Hindi) is held for the app.
        const early = page
          .locator('#root[data-outline] .plan-row', { hasText: text })
          .getByRole('button')
        if (locale === 'en-IN') await early.click()
        else {
          await early.focus()
          await page.keyboard.press('Enter')
        }
        expect(await page.getByRole('dialog').count()).toBe(0)
        release()
        // The app drew the same plans over them (the conditions it adds come below them).
        await page
          .locator('#root:not([inert]) main:not([aria-busy]) p.plan-text', { hasText: text })
          .waitFor()
        await page.locator('main').getByTestId('withdrawal-conditions').waitFor()
        expect(await pageBox(text)).toEqual(before)
        expect(await layoutShiftTotal(page)).toBe(0)
        expect(problems).toEqual([])
        // And the tap is answered by the app's own button: the Confirm Payment popup for that
        // plan, closed by Escape with the focus back on that button.
        const dialog = page.getByRole('dialog')
        await dialog.waitFor()
        expect(await dialog.textContent()).toContain('7,777')
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
        const deposit = page
          .locator('.plan-row', { hasText: text })
          .getByRole('button', { name: button })
        if (locale === 'hi-IN')
          expect(await deposit.evaluate((b) => b === document.activeElement)).toBe(true)
        await deposit.click()
        await dialog.waitFor()
        await page.context().close()
      }
    } finally {
      await e2e.product.app.db.deleteFrom('membership_plans').where('id', '=', id).execute()
    }
  })

  it("never serves the server's own build of the screens (ssr/), nor precaches it", async () => {
    const base = e2e.product.baseUrl
    const entry = await fetch(`${base}/ssr/prerender.js`)
    expect(entry.status).toBe(404)
    const worker = await (await fetch(`${base}/sw.js`)).text()
    expect(worker).toContain('outlines/deposit-fee.html')
    expect(worker).not.toMatch(/ssr\//)
  })
})
