/**
 * Each screen's API reads are declared once, in the route table (contract/routes.ts `reads`): the
 * entry script sends them on a cold start alongside the app's code, and the screen takes those
 * answers instead of asking again. Opened cold in real Chromium as a logged-in user, every `auth`
 * route and every other route with reads (the payment result pages) sends exactly its declared
 * GETs, each once. Opened again with the entry
 * script's early GETs refused, the screen's own client (the app's requests carry the device's
 * `X-Device-Token`; the early GETs go without it) asks for exactly the declared reads too: a screen that starts reading something new, or stops,
 * fails here until the table says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { ROUTES, routeReads } from '../../contract/routes.ts'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { loggedInPhoneContext } from '../helpers/browser.ts'
import { createTestUser } from '../helpers/users.ts'
import { signDeviceToken } from '../../server/accounts/device-tokens.ts'

/** The query a screen needs to show its content rather than its empty state (tests/e2e/routes). */
const QUERIES: Record<string, string> = {
  '/platform-fee': '?amount=99',
  '/amount-withdraw': '?balance=0&refercount=0',
  '/m-payment': '?deposit=99&KeyFrom=Platform%20Fee',
  '/payment-success': '?order_id=ORD-READS-1',
  '/payment-fail': '?order_id=ORD-READS-2',
}

/**
 * GETs that follow what the screen did rather than open it: /m-payment creates the order on
 * opening (a POST) and then follows it by its id. Nothing else is left out.
 */
const FOLLOW_UPS: Record<string, RegExp> = { '/m-payment': /^orders\/[A-Z0-9]+$/ }

const e2e = productInChromiumForFile()
let context: BrowserContext | null = null
let token = ''
/** A device token for the test user, as a login answers it. */
let deviceToken = ''

/**
 * Stores `value` as the device token where the PWA keeps it (idb-keyval's default store), from a
 * same-origin page that reads nothing, before the screen under test is opened.
 */
async function keepDeviceToken(page: Page, value: string): Promise<void> {
  await page.goto('/manifest.webmanifest')
  await page.evaluate(
    (t) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onupgradeneeded = () => open.result.createObjectStore('keyval')
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'))
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite')
          tx.objectStore('keyval').put(t, 'device-token')
          tx.oncomplete = () => {
            open.result.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error ?? new Error('the put failed'))
        }
      }),
    value,
  )
}

beforeAll(async () => {
  const user = await createTestUser(e2e.product.app, { firstName: 'Reads Tester', views: 3 })
  // No service worker: its offline cache would answer some reads without a request.
  token = user.token
  deviceToken = signDeviceToken(
    e2e.product.app.deviceTokenKey,
    { deviceId: 'route-reads-device', userIds: [user.id] },
    new Date(),
  )
  context = await loggedInPhoneContext(e2e.browser, e2e.product.baseUrl, token, {
    serviceWorkers: 'block',
  })
})

afterAll(async () => {
  await context?.close()
})

describe('the route table declares each screen’s reads', () => {
  const screens = ROUTES.filter((route) => route.access === 'auth' || route.reads)
  /** The GETs `route` declares, as its page sends them (`{name}` filled from its query). */
  const declared = (route: (typeof ROUTES)[number]) => routeReads(route, QUERIES[route.path] ?? '')

  it.each(screens.map((route) => [route.path, route] as const))(
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
      await openSettled(page, path, route.title)
      const opening = sent.filter((get) => !FOLLOW_UPS[path]?.test(get))
      expect(opening.sort()).toEqual(declared(route).sort())
      await page.close()
    },
  )

  it.each(screens.map((route) => [route.path, route] as const))(
    '%s itself reads every declared GET when the early ones fail',
    async (path, route) => {
      // A context of its own: nothing stored by another screen stands in for a read.
      const fresh = await loggedInPhoneContext(e2e.browser, e2e.product.baseUrl, token, {
        serviceWorkers: 'block',
      })
      const page = await fresh.newPage()
      await keepDeviceToken(page, deviceToken)
      const own: string[] = []
      let refused = 0
      await page.route('**/api/v1/**', async (request) => {
        const headers = request.request().headers()
        const url = new URL(request.request().url())
        if (request.request().method() !== 'GET') return request.continue()
        if (!headers['x-device-token']) {
          refused += 1
          return request.abort('connectionfailed')
        }
        own.push(url.pathname.slice('/api/v1/'.length) + url.search)
        return request.continue()
      })
      await openSettled(page, path, route.title)
      expect(refused).toBe(declared(route).length)
      const opening = own.filter((get) => !FOLLOW_UPS[path]?.test(get))
      expect([...new Set(opening)].sort()).toEqual(declared(route).sort())
      await fresh.close()
    },
  )
})

/**
 * Opens `path` (with the query its content needs) and waits until the app has started (it names
 * the screen `title` in the document title), the screen has replaced its outline, every
 * placeholder has its data and the network is idle.
 */
async function openSettled(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path + (QUERIES[path] ?? ''), { waitUntil: 'load' })
  await page.waitForFunction((t) => document.title.startsWith(t), title)
  await page.locator('[data-testid="skeleton"]').first().waitFor({ state: 'detached' })
  await page.waitForLoadState('networkidle')
}
