/**
 * Each logged-in screen's API reads are declared once, in the route table (contract/routes.ts
 * `reads`): the entry script sends them on a cold start alongside the app's code, and the screen
 * takes those answers instead of asking again. Opened cold in real Chromium as a logged-in user,
 * every `auth` route sends exactly its declared GETs, each once: a screen that starts reading
 * something new, or stops, fails here until the table says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext } from 'playwright-core'
import { ROUTES } from '../../contract/routes.ts'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { loggedInPhoneContext } from '../helpers/browser.ts'
import { createTestUser } from '../helpers/users.ts'

/** The query a screen needs to show its content rather than its empty state (tests/e2e/routes). */
const QUERIES: Record<string, string> = {
  '/platform-fee': '?amount=99',
  '/amount-withdraw': '?balance=0&refercount=0',
  '/m-payment': '?deposit=99&KeyFrom=Platform%20Fee',
}

/**
 * GETs that follow what the screen did rather than open it: /m-payment creates the order on
 * opening (a POST) and then follows it by its id. Nothing else is left out.
 */
const FOLLOW_UPS: Record<string, RegExp> = { '/m-payment': /^orders\/[A-Z0-9]+$/ }

const e2e = productInChromiumForFile()
let context: BrowserContext | null = null

beforeAll(async () => {
  const user = await createTestUser(e2e.product.app, { firstName: 'Reads Tester', views: 3 })
  // No service worker: its offline cache would answer some reads without a request.
  context = await loggedInPhoneContext(e2e.browser, e2e.product.baseUrl, user.token, {
    serviceWorkers: 'block',
  })
})

afterAll(async () => {
  await context?.close()
})

describe('the route table declares each screen’s reads', () => {
  const authRoutes = ROUTES.filter((route) => route.access === 'auth')

  it.each(authRoutes.map((route) => [route.path, route] as const))(
    '%s sends exactly its declared GETs, each once',
    async (path, route) => {
      const page = await context!.newPage()
      const sent: string[] = []
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (request.method() === 'GET' && url.pathname.startsWith('/api/v1/')) {
          sent.push(url.pathname.slice('/api/v1/'.length) + url.search)
        }
      })
      await page.goto(path + (QUERIES[path] ?? ''), { waitUntil: 'load' })
      // The app has started (it names the screen in the title), the screen has replaced its
      // outline, and every placeholder has its data.
      await page.waitForFunction((title) => document.title.startsWith(title), route.title)
      await page.locator('[data-testid="skeleton"]').first().waitFor({ state: 'detached' })
      await page.waitForLoadState('networkidle')
      const opening = sent.filter((get) => !FOLLOW_UPS[path]?.test(get))
      expect(opening.sort()).toEqual([...(route.reads ?? [])].sort())
      await page.close()
    },
  )
})
