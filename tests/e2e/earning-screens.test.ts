/**
 * The earning screens in real headless Chromium at 360×800 and 320×640:
 * every interactive element on the dashboard, refer & earn and the landing at least 48×48 px (links
 * inside running text excepted, WCAG 2.5.8's inline exception), focus on the new screen's h1 after
 * an in-app navigation, the invite link on one line, and the reward moment with the new balance
 * and a Next video that plays the next video.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { phoneContext, storeAccessToken } from '../helpers/browser.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'

const e2e = productInChromiumForFile()
let person: TestUser

/** Watch time of every video here, in seconds, set as an operator would in the console. */
const TIMER = 3

const SIZES = [
  { width: 360, height: 800 },
  { width: 320, height: 640 },
] as const

const contexts: BrowserContext[] = []
async function phone(
  browser: Browser,
  size: { width: number; height: number },
  token?: string,
): Promise<Page> {
  const context = await phoneContext(browser, e2e.product.baseUrl, {
    viewport: size,
    serviceWorkers: 'block',
  })
  contexts.push(context)
  const page = await context.newPage()
  if (token) {
    await page.goto('/robots.txt')
    await storeAccessToken(page, token)
  }
  return page
}

/**
 * The interactive elements drawn on the page smaller than 48×48 px, as "tag 'name' w×h". A link
 * whose parent holds running text of its own around it is inline (WCAG 2.5.8's exception).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=switch], [tabindex]:not([tabindex="-1"])'
    const inline = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false
      const parent = el.parentElement
      if (!parent) return false
      const ownText = [...parent.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim()
      return ownText.length > 0
    }
    const small: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('[inert], [aria-hidden=true]')) continue
      // A checkbox or radio counts with its label when the label wraps it (the label is the target).
      const target =
        el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)
          ? (el.closest('label') ?? el)
          : el
      const box = target.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue // not drawn (visually hidden)
      if (getComputedStyle(target).visibility === 'hidden') continue
      if (inline(el)) continue
      if (box.width < 47.5 || box.height < 47.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)
        small.push(
          `${el.tagName.toLowerCase()} '${name}' ${Math.round(box.width)}×${Math.round(box.height)}`,
        )
      }
    }
    return small
  })
}

beforeAll(async () => {
  await e2e.product.app.db.updateTable('videos').set({ timer: TIMER }).execute()
  person = await createTestUser(e2e.product.app, { firstName: 'Meera Shah', views: 4 })
})

afterAll(async () => {
  for (const context of contexts) await context.close()
})

describe.each(SIZES)('the earning screens at $width×$height', (size) => {
  it('draws every interactive element on the landing at least 48×48 px', async () => {
    const page = await phone(e2e.browser, size)
    await page.goto('/', { waitUntil: 'networkidle' })
    await page.getByRole('heading', { name: 'About' }).waitFor()
    expect(await smallTargets(page)).toEqual([])
  })

  it('draws every interactive element on the dashboard and refer & earn at least 48×48 px', async () => {
    const page = await phone(e2e.browser, size, person.token)
    await page.goto('/dashboard')
    await page.getByTestId('coin-balance').waitFor()
    await page.getByTestId('player-timer').waitFor()
    await page.getByRole('button', { name: 'Refresh' }).waitFor()
    expect(await smallTargets(page)).toEqual([])
    await page.goto('/referandearn')
    await page.getByTestId('referral-link').waitFor()
    expect(await smallTargets(page)).toEqual([])
  })

  it("gives the register screen's terms checkbox a 48×48 px target", async () => {
    const page = await phone(e2e.browser, size)
    await page.goto('/register')
    // The rendered page is inert until the app has taken it over.
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'))
    const target = page.locator('.checkbox-target')
    await target.scrollIntoViewIfNeeded()
    const box = await target.boundingBox()
    expect(box!.width).toBeGreaterThanOrEqual(48)
    expect(box!.height).toBeGreaterThanOrEqual(48)
    // A tap at the target's edge, off the box itself, ticks it.
    await target.click({ position: { x: 3, y: 3 } })
    expect(await page.getByRole('checkbox').isChecked()).toBe(true)
  })

  it('puts the player above the fold on the dashboard, under the balance', async () => {
    const page = await phone(e2e.browser, size, person.token)
    await page.goto('/dashboard')
    await page.getByTestId('player-timer').waitFor()
    const balance = await page.getByTestId('coin-balance').boundingBox()
    const frame = await page.locator('.player-frame').boundingBox()
    expect(balance!.y).toBeLessThan(frame!.y)
    expect(frame!.y).toBeLessThan(size.height)
  })

  it('shows the invite link on one line, the code whole', async () => {
    const page = await phone(e2e.browser, size, person.token)
    await page.goto('/referandearn')
    const link = page.getByTestId('referral-link')
    await link.waitFor()
    // Each text node of the link draws one box, and all of them on the same line.
    const lines = await link.evaluate((el) => {
      const boxes: DOMRect[] = []
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange()
        range.selectNodeContents(node)
        boxes.push(...range.getClientRects())
      }
      const middles = boxes.map((r) => r.top + r.height / 2)
      return Math.max(...middles) - Math.min(...middles) < 4 ? 1 : 2
    })
    expect(lines).toBe(1)
    const code = page.locator('.referral-link-code')
    const codeBox = await code.boundingBox()
    const linkBox = await link.boundingBox()
    expect(codeBox!.x + codeBox!.width).toBeLessThanOrEqual(linkBox!.x + linkBox!.width + 0.5)
    expect(await link.getAttribute('title')).toMatch(/\/register\?referralId=R\d+$/)
  })
})

describe('focus after navigating', () => {
  it("lands on the new screen's h1 after an in-app navigation, not on the first load", async () => {
    const page = await phone(e2e.browser, SIZES[0], person.token)
    await page.goto('/dashboard')
    await page.getByTestId('coin-balance').waitFor()
    // The first load leaves focus where the page put it.
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('H1')
    await page.getByRole('navigation').getByRole('link', { name: 'Refer' }).click()
    await page.waitForURL((url) => url.pathname === '/referandearn')
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement
        return el
          ? `${el.tagName} ${el.textContent?.trim() ?? ''} ${el.getAttribute('tabindex')}`
          : ''
      })
    await expect.poll(focused).toBe('H1 Refer & Earn -1')
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click()
    await expect.poll(focused).toBe('H1 Hello, Meera Shah -1')
    await page.getByRole('link', { name: 'Deposit', exact: true }).click()
    await expect.poll(focused).toBe('H1 Membership Plans for You -1')
  })
})

describe('the reward moment', () => {
  it('shows the new balance from the answer and a Next video that plays the next one', async () => {
    const page = await phone(e2e.browser, SIZES[0], person.token)
    await page.goto('/dashboard')
    const before = await page.getByTestId('coin-balance').textContent()
    expect(before).toMatch(/^[\d,]+ coins/)
    const coinsBefore = Number(before!.split(' ')[0]!.replace(/,/g, ''))
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' })
    await dialog.waitFor({ timeout: 30_000 })
    const credited = Number(
      (await dialog.getByTestId('reward-popup-coins').textContent())!
        .replace('+', '')
        .split(' ')[0]!
        .replace(/,/g, ''),
    )
    expect(credited).toBeGreaterThan(0)
    const balance = (coinsBefore + credited).toLocaleString('en-IN')
    await expect
      .poll(() => dialog.getByTestId('reward-popup-balance').textContent())
      .toMatch(new RegExp(`^${balance} coins \\(₹`))
    await page.screenshot({ path: 'tests/screenshots/earning-screens-reward.png' })
    await dialog.getByRole('button', { name: 'Next video' }).click()
    await dialog.waitFor({ state: 'detached' })
    // The next video plays: Pause shows and the timer runs.
    await page.getByRole('button', { name: 'Pause' }).waitFor()
    await page
      .getByTestId('player-timer')
      .getByText(/^0:0[1-2] \/ 0:03$/)
      .waitFor({ timeout: 10_000 })
    await page.getByTestId('coin-balance').getByText(`${balance} coins`).waitFor()
  })
})
