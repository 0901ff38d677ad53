/**
 * A returning user's signed-in screen opens on its last frame (src/lib/last-frame.ts): the HTML
 * the app last drew for that route in this session, served by the service worker inside the app
 * shell and painted before the app's code has run, its saved-copy line dated; the app then draws
 * the screen over it, and the fresh copy follows. A frame never shows under another session or in
 * the other language, and logging out forgets it.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { phoneContext, storeAccessToken } from '../helpers/browser.ts'
import { createTestUser } from '../helpers/users.ts'
import { grantCoins } from '../helpers/ledger.ts'

const e2e = productInChromiumForFile()

/**
 * Records, in the page, what #root holds once the entry script has run (DOMContentLoaded: the app
 * itself comes later): whether it is a last frame, its balance, its saved-copy line and its
 * text; whether the page's largest paint so far was one of the frame's elements; and every layout
 * shift from then on.
 */
function recordEntryFrame(): void {
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root')
    if (!root) return // robots.txt
    const nodes = new Set(root.querySelectorAll('*'))
    const w = window as unknown as { entryFrame: unknown; lcpInFrame: boolean; shifts: number[] }
    w.lcpInFrame = false
    w.shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) {
        w.shifts.push(entry.value)
      }
    }).observe({ type: 'layout-shift', buffered: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { element: Element | null }[]) {
        w.lcpInFrame = entry.element !== null && nodes.has(entry.element)
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    w.entryFrame = {
      lastFrame: root.hasAttribute('data-last-frame'),
      balance: root.querySelector('[data-testid="wallet-balance"]')?.textContent ?? null,
      label: root.querySelector('[data-testid="saved-copy-label"]')?.textContent ?? null,
      text: root.textContent ?? '',
    }
  })
}

/** What recordEntryFrame kept of the page's last load. */
async function entryFrame(page: Page) {
  const handle = await page.waitForFunction(
    () => (window as unknown as { entryFrame?: unknown }).entryFrame,
  )
  return handle.jsonValue() as Promise<{
    lastFrame: boolean
    balance: string | null
    label: string | null
    text: string
  }>
}

/**
 * Waits until the app has kept `path`'s last frame in `locale` and the page's service worker
 * finds it there.
 */
async function frameKept(page: Page, path: string, locale: 'en' | 'hi' = 'en'): Promise<void> {
  const key = `/last-frame/${locale}${path}`
  await expect
    .poll(
      async () => {
        const worker = page.context().serviceWorkers()[0]
        if (!worker) return false
        return worker.evaluate(
          async (k) => Boolean(await (await caches.open('last-frames')).match(k)),
          key,
        )
      },
      { timeout: 10_000 },
    )
    .toBe(true)
}

/** Waits until the service worker controls the page (its next load is the worker's answer). */
async function underWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  })
}

/**
 * A phone (in `locale`) logged in as `token` that has opened `path`, under the service worker,
 * shown `name` there, and had its last frame kept: its next load of `path` is a returning one.
 */
async function returningTo(token: string, path: string, name: string, locale: 'en' | 'hi' = 'en') {
  const context = await phoneContext(
    e2e.browser,
    e2e.product.baseUrl,
    locale === 'hi' ? { locale: 'hi-IN' } : {},
  )
  await context.addInitScript(recordEntryFrame)
  const page = await context.newPage()
  await page.goto('/robots.txt')
  await storeAccessToken(page, token)
  await page.goto(path)
  await underWorker(page)
  await page.getByText(name).first().waitFor()
  await frameKept(page, path, locale)
  return { context, page }
}

describe("a returning user's screen opens on its last frame", () => {
  it('shows the last frame, dated, before the app runs (its largest paint); then the app draws the screen and the fresh copy', async () => {
    const user = await createTestUser(e2e.product.app)
    await grantCoins(e2e.product.app, user.id, 12_345)
    const context = await phoneContext(e2e.browser, e2e.product.baseUrl)
    await context.addInitScript(recordEntryFrame)
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto('/robots.txt')
    await storeAccessToken(page, user.token)
    await page.goto('/wallet')
    await underWorker(page)
    const balance = page.getByTestId('wallet-balance').first()
    await page.getByTestId('saved-copy-label').getByText('Updated just now').first().waitFor()
    const shown = await balance.textContent()
    expect(shown).toContain('12,345')
    await frameKept(page, '/wallet')

    // Coins granted since: the last frame still shows the balance the screen last drew, dated.
    await grantCoins(e2e.product.app, user.id, 655)
    await page.reload()
    const frame = await entryFrame(page)
    expect(frame.lastFrame).toBe(true)
    expect(frame.balance).toBe(shown)
    expect(frame.label).toMatch(/^Saved at \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/)
    // The app draws the screen over it, then the fresh copy; the largest paint was the frame's.
    await page.locator('#root:not([data-last-frame])').waitFor()
    await page.getByTestId('wallet-balance').getByText('13,000', { exact: false }).waitFor()
    await page.getByTestId('saved-copy-label').getByText('Updated just now').first().waitFor()
    expect(
      await page.evaluate(() => (window as unknown as { lcpInFrame: boolean }).lcpInFrame),
    ).toBe(true)
    expect(problems).toEqual([])
    await context.close()
  })

  it('never shows a frame under another session or in the other language, and forgets it on logout', async () => {
    const user = await createTestUser(e2e.product.app, { firstName: 'Kept Frame' })
    const other = await createTestUser(e2e.product.app, { firstName: 'Other Person' })
    const { context, page } = await returningTo(user.token, '/profile', 'Kept Frame')

    // A token put there outside the app's login (which forgets the frames): the frame of the
    // first account, served by the worker, is taken off before anything runs.
    await storeAccessToken(page, other.token)
    await page.reload()
    const another = await entryFrame(page)
    expect(another.lastFrame).toBe(false)
    expect(another.text).not.toContain('Kept Frame')
    await page.getByText('Other Person').first().waitFor()
    await frameKept(page, '/profile')

    // A Hindi visitor is not shown the English frame.
    await page.evaluate(() => localStorage.setItem('lang', 'hi'))
    await page.reload()
    const hindi = await entryFrame(page)
    expect(hindi.lastFrame).toBe(false)
    expect(hindi.text).not.toContain('Other Person')

    await page.evaluate(() => localStorage.setItem('lang', 'en'))

    // Logout forgets every frame.
    await page.goto('/profile')
    await page.getByText('Other Person').first().waitFor()
    await frameKept(page, '/profile')
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL((url) => url.pathname !== '/profile')
    const left = await page.evaluate(async () =>
      (await (await caches.open('last-frames')).keys()).map((request) => request.url),
    )
    expect(left).toEqual([])
    await context.close()
  })

  it("keeps a Hindi screen's frame for a Hindi visitor, painted in the Devanagari font: nothing moves as the app draws over it", async () => {
    const user = await createTestUser(e2e.product.app, { firstName: 'Hindi Frame' })
    const { context, page } = await returningTo(user.token, '/profile', 'Hindi Frame', 'hi')

    await page.reload()
    const frame = await entryFrame(page)
    expect(frame.lastFrame).toBe(true)
    expect(frame.text).toContain('Hindi Frame')
    expect(frame.text).toContain('प्रोफ़ाइल')
    await page.locator('#root:not([data-last-frame])').waitFor()
    await page.getByText('Hindi Frame').first().waitFor()
    // The font the frame was painted in is the one the app draws in: no text is rewrapped.
    expect(
      await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'प्रोफ़ाइल')),
    ).toBe(true)
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)
    expect(shifts).toEqual([])
    await context.close()
  })
})
