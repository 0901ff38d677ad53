/**
 * Every route of docs/product.md#screens (plus /login, /wallet and an unknown path) in real headless Chromium,
 * visited as a guest and as a logged-in user: each lands where the guards say (auth-only → /loginn
 * for a guest, guest-only → /dashboard when logged in, public stays; the landing itself sends a
 * logged-in visitor to /dashboard). A 360×800 screenshot of every screen goes to tests/screenshots/.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { loggedInPhoneContext, phoneContext } from '../helpers/browser.ts'
import { createTestUser } from '../helpers/users.ts'
import {
  ApiRequests,
  RESULT_PAGES,
  nextFrames,
  passResultLoading,
  screenDrawn,
  screenSettled,
} from '../helpers/screens.ts'

type Access = 'auth' | 'guest' | 'public' | 'landing' | 'unknown'

interface RouteCase {
  /** The path as docs/product.md#screens names it. */
  path: string
  access: Access
  /** A query that the screen expects (so it shows its content, not its empty state). */
  query?: string
  /** Screenshot name: route-<name>-<guest|user>.png. */
  name: string
  /** A text the screen shows once it has landed (checked for the screens of this test's owner). */
  text?: { guest?: string; user?: string }
}

const route = (p: string, access: Access, extra: Partial<RouteCase> = {}): RouteCase => ({
  path: p,
  access,
  name: p === '/' ? 'root' : p.slice(1),
  ...extra,
})

const ROUTES: RouteCase[] = [
  // Logged-in only
  route('/how-to-earn', 'auth', { text: { user: 'Refer friends' } }),
  route('/dashboard', 'auth'),
  route('/platform-fee', 'auth', { query: '?amount=99' }),
  route('/deposit-fee', 'auth'),
  route('/amount-withdraw', 'auth', { query: '?balance=0&refercount=0' }),
  route('/profile', 'auth'),
  route('/referandearn', 'auth'),
  route('/edit-profile', 'auth'),
  route('/add-bank-details', 'auth'),
  route('/m-payment', 'auth', { query: '?deposit=99&KeyFrom=Platform%20Fee' }),
  route('/wallet', 'auth'),
  // Guest only
  route('/loginold', 'guest'),
  route('/signup', 'guest'),
  route('/loginn', 'guest'),
  route('/enter-email-otp', 'guest', { query: '?email=someone%40example.com' }),
  route('/enter-email', 'guest'),
  route('/update-password', 'guest', { query: '?email=someone%40example.com' }),
  route('/register', 'guest'),
  // Public
  route('/', 'landing', { text: { guest: 'Hello, welcome!' } }),
  route('/home', 'landing', { text: { guest: 'Log in or create an account!' } }),
  route('/termsandcondition', 'public', {
    text: { guest: 'Continue Watching Videos', user: 'Continue Watching Videos' },
  }),
  route('/help-center', 'public', { text: { guest: 'Email Support', user: 'Email Support' } }),
  route('/privacy', 'public', {
    text: { guest: 'Liability disclaimer', user: 'Liability disclaimer' },
  }),
  route('/how-to-play', 'public', { text: { guest: 'How to Play', user: 'How to Play' } }),
  route('/your-mistake', 'public', {
    text: { guest: 'Common UPI ID mistakes', user: 'Common UPI ID mistakes' },
  }),
  route('/payment', 'public', { text: { guest: 'Pay Now', user: 'Pay Now' } }),
  route('/payment-success', 'public', {
    query: '?order_id=ORD-E2E-1&amount=499&method=Card',
    // Neither the user's orders nor a card provider know this order: the neutral page, never the
    // address's amount (docs/product.md#transparency).
    text: { guest: 'We could not find this payment', user: 'We could not find this payment' },
  }),
  route('/payment-fail', 'public', {
    query: '?order_id=ORD-E2E-2&amount=499&method=Card',
    text: { guest: 'We could not find this payment', user: 'We could not find this payment' },
  }),
  route('/payment-success', 'public', {
    name: 'payment-success-no-order',
    text: { guest: 'We could not find this payment', user: 'We could not find this payment' },
  }),
  route('/bank-details-confirmation', 'public'),
  route('/verify-otp-signup', 'public', { query: '?email=someone%40example.com' }),
  // Outside the table
  { path: '/login', access: 'guest', name: 'login' },
  {
    path: '/no-such-page',
    access: 'unknown',
    name: 'not-found',
    text: { guest: 'Page not found', user: 'Page not found' },
  },
]

/** Where a visitor should land (docs/product.md#screens guards; docs/product.md#deviations: /login → /loginn). */
function expectedPath(r: RouteCase, who: 'guest' | 'user'): string {
  if (who === 'guest') {
    if (r.access === 'auth') return '/loginn'
    return r.path === '/login' ? '/loginn' : r.path
  }
  if (r.access === 'guest' || r.access === 'landing') return '/dashboard'
  return r.path
}

const SHOTS = path.resolve('tests/screenshots')

const e2e = productInChromiumForFile()
const contexts: Record<'guest' | 'user', BrowserContext | null> = { guest: null, user: null }

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true })
  contexts.guest = await phoneContext(e2e.browser, e2e.product.baseUrl)
  const user = await createTestUser(e2e.product.app, { firstName: 'Route Tester', views: 3 })
  contexts.user = await loggedInPhoneContext(e2e.browser, e2e.product.baseUrl, user.token)
})

afterAll(async () => {
  await contexts.guest?.close()
  await contexts.user?.close()
})

/**
 * Opens a route in a fresh tab and waits until the SPA has reached its final path and drawn the
 * screen there with its API answers.
 */
async function visit(
  who: 'guest' | 'user',
  r: RouteCase,
): Promise<{ page: Page; errors: string[] }> {
  const page = await contexts[who]!.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const requests = new ApiRequests(page)
  // The result pages' Loading passes on the page's own clock (passResultLoading).
  if (RESULT_PAGES.includes(r.path)) await page.clock.install()
  await page.goto(r.path + (r.query ?? ''), { waitUntil: 'load' })
  const expected = expectedPath(r, who)
  await page.waitForURL((url) => url.pathname === expected, { timeout: 15_000 })
  await passResultLoading(page)
  await screenSettled(page, requests)
  return { page, errors }
}

describe.each(['guest', 'user'] as const)('routes as a %s', (who) => {
  it.each(ROUTES.map((r) => [r.path + (r.query ?? ''), r] as const))(
    '%s lands where the guards say',
    async (_path, r) => {
      const { page, errors } = await visit(who, r)
      try {
        // Guards settle once: the screen drawn at the path is the guard's choice, and the path is
        // still the expected one after it drew (no redirect loop).
        expect(new URL(page.url()).pathname).toBe(expectedPath(r, who))
        const text = r.text?.[who]
        if (text) {
          const shown = page.getByText(text, { exact: true }).first()
          await shown.waitFor({ state: 'visible', timeout: 5_000 })
          expect(await shown.isVisible()).toBe(true)
          // The screens of this test's owner fit a 360 px phone and throw nothing.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth)
          expect(overflow).toBeLessThanOrEqual(360)
          expect(errors).toEqual([])
        }
        await page.screenshot({
          path: path.join(SHOTS, `route-${r.name}-${who}.png`),
          fullPage: false,
        })
      } finally {
        await page.close()
      }
    },
  )
})

describe('landing page as a guest', () => {
  it('has no layout shift and fixed sizes on every image', async () => {
    const page = await contexts.guest!.newPage()
    try {
      await page.addInitScript(() => {
        const w = window as unknown as { cls: number }
        w.cls = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number
            hadRecentInput: boolean
          })[]) {
            if (!entry.hadRecentInput) w.cls += entry.value
          }
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.goto('/', { waitUntil: 'load' })
      await page.getByText('Hello, welcome!').waitFor()
      // The app has taken the page over and drawn its data (the partners), the fonts are in, and
      // the frames after them (with their layout-shift entries) have been delivered.
      await screenDrawn(page)
      await page.evaluate(async () => {
        await document.fonts.ready
      })
      await nextFrames(page)
      const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls)
      expect(cls).toBeLessThanOrEqual(0.02)
      const unsized = await page.evaluate(
        () => document.querySelectorAll('img:not([width]), img:not([height])').length,
      )
      expect(unsized).toBe(0)
    } finally {
      await page.close()
    }
  })

  it('loads no player until the play button is tapped, then plays the local sample file', async () => {
    const page = await contexts.guest!.newPage()
    try {
      await page.goto('/', { waitUntil: 'load' })
      const play = page.getByRole('button', { name: 'Play the sample video' })
      await play.waitFor()
      // The landing is static HTML until the app, fetched once the page is idle, takes it over
      // (React marks its root then; a tap during hydration is replayed, one before it is not).
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root')!).some((key) =>
          key.startsWith('__reactContainer'),
        ),
      )
      expect(
        await page
          .locator('[data-testid=video-facade] video, [data-testid=video-facade] iframe')
          .count(),
      ).toBe(0)
      await play.click()
      const video = page.locator('[data-testid=video-facade] video')
      await video.waitFor({ state: 'attached', timeout: 10_000 })
      expect(await video.getAttribute('src')).toBe('/videos/sample-1.mp4')
      await page.screenshot({ path: path.join(SHOTS, 'route-root-guest-playing.png') })
    } finally {
      await page.close()
    }
  })

  it('shows the partners from GET /our-partners/', async () => {
    const page = await contexts.guest!.newPage()
    try {
      await page.goto('/', { waitUntil: 'load' })
      const partners = (await (
        await fetch(`${e2e.product.baseUrl}/api/v1/our-partners/`)
      ).json()) as {
        name: string
      }[]
      expect(partners.length).toBeGreaterThan(0)
      // Each partner by name, as the text of a link to its site.
      const partner = page.getByRole('link', { name: partners[0]!.name, exact: true })
      await partner.scrollIntoViewIfNeeded()
      expect(await partner.isVisible()).toBe(true)
      await page.screenshot({ path: path.join(SHOTS, 'route-root-guest-full.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })
})

describe('card test form against the real API', () => {
  it('posts form-encoded with the CSRF token and shows the no-provider answer', async () => {
    const page = await contexts.guest!.newPage()
    try {
      const posted: { contentType: string; csrf: string }[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/v1/create-order/')) {
          posted.push({
            contentType: request.headers()['content-type'] ?? '',
            csrf: request.headers()['x-csrf-token'] ?? '',
          })
        }
      })
      await page.goto('/payment', { waitUntil: 'load' })
      const fields: [string, string][] = [
        ['Order ID', 'ORD-E2E-42'],
        ['Order amount (₹)', '499'],
        ['Customer name', 'Asha Rao'],
        ['Customer email', 'asha@example.com'],
        ['Customer phone', '9876543210'],
      ]
      for (const [label, value] of fields) await page.getByLabel(label).fill(value)
      await page.getByRole('button', { name: 'Pay Now' }).click()
      const alert = page.getByRole('alert')
      await alert.waitFor()
      expect(await alert.textContent()).toBe(
        'Card payments are not set up on this server. Pay by UPI from the Membership Plans page.',
      )
      expect(posted).toHaveLength(1)
      expect(posted[0]!.contentType).toMatch(/^application\/x-www-form-urlencoded/)
      expect(posted[0]!.csrf.length).toBeGreaterThanOrEqual(16)
      // The server checks every field before it looks for a provider (a bad one answers 400), so
      // its 501 proves the form-encoded fields arrived. (Chromium does not expose ky's body.)
      expect(await page.getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true)
      // The card SDK is never requested without a card provider.
      expect(await page.locator('script[src*="cashfree"]').count()).toBe(0)
      await page.screenshot({ path: path.join(SHOTS, 'route-payment-guest-submitted.png') })

      // A field the server refuses comes back with its reason, and the button is ready again.
      await page.getByLabel('Order ID').fill('x')
      await page.getByRole('button', { name: 'Pay Now' }).click()
      await page.getByText('Enter a valid order id.', { exact: false }).waitFor()
      expect(await alert.textContent()).toBe(
        'Error processing payment. Please try again. Enter a valid order id.',
      )
      expect(posted).toHaveLength(2)
      expect(await page.getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true)
    } finally {
      await page.close()
    }
  })
})
