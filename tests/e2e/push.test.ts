/**
 * Notifications when money moves, in real headless Chromium: the wallet's card turns notifications
 * on from a tap with the permission granted; a push delivered to the service worker through CDP
 * (`ServiceWorker.deliverPushMessage`, the payload the server sends) shows a notification with its
 * title, body, tag, icon and badge; the worker's notificationclick handler takes the open app to
 * /wallet. What this cannot prove: a real push service's delivery (headless Chromium has none
 * offline; the API tests decrypt the server's real encrypted requests instead) and a real tap on
 * the system notification (the click is dispatched inside the worker). Screenshot:
 * tests/screenshots/push-wallet-card.png.
 */
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { phoneContext, storeAccessToken } from '../helpers/browser.ts'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'

const SHOTS = path.resolve('tests/screenshots')

const e2e = productInChromiumForFile()
let context: BrowserContext
let page: Page
let user: TestUser

beforeAll(async () => {
  user = await createTestUser(e2e.product.app, { firstName: 'Asha Rao' })
  context = await phoneContext(e2e.browser, e2e.product.baseUrl)
  await context.grantPermissions(['notifications'], { origin: e2e.product.baseUrl })
  page = await context.newPage()
  await page.goto('/')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  })
  await storeAccessToken(page, user.token)
  fs.mkdirSync(SHOTS, { recursive: true })
}, 90_000)

describe('push notifications in Chromium', () => {
  it('offers notifications on the wallet, never before, and turns them on from the tap', async () => {
    await page.goto('/wallet')
    const card = page.getByTestId('push-opt-in')
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true)
    await expect
      .poll(() => card.getByRole('heading').textContent())
      .toBe('Get notified when money moves')
    await page.screenshot({ path: path.join(SHOTS, 'push-wallet-card.png') })
    // Nothing subscribed this device before the tap (opening pages never subscribes).
    const subscribedBefore = await page.evaluate(async () =>
      Boolean(await (await navigator.serviceWorker.ready).pushManager.getSubscription()),
    )
    expect(subscribedBefore).toBe(false)
    const keyAnswer = page.waitForResponse((r) => r.url().endsWith('/api/v1/push/vapid-public-key'))
    await card.getByRole('button', { name: 'Turn on notifications' }).click()
    // The tap fetched the server's VAPID key for pushManager.subscribe.
    expect((await keyAnswer).status()).toBe(200)
    // Headless Chromium may have no push service to register with: then the card says it failed
    // and nothing is saved; with one, the server holds this device's subscription.
    await expect
      .poll(async () => (await card.textContent()) ?? '', { timeout: 20_000 })
      .toMatch(/Notifications are on for this device|Could not turn on notifications/)
    const saved = await e2e.product.app.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', user.id)
      .execute()
    const text = (await card.textContent()) ?? ''
    if (text.includes('Notifications are on')) {
      expect(saved).toHaveLength(1)
      expect(saved[0]?.endpoint).toMatch(/^https:\/\//)
    } else {
      expect(saved).toEqual([])
    }
  })

  it('shows a pushed message as a notification, and its click opens /wallet', async () => {
    await page.goto('/dashboard')
    const cdp = await context.newCDPSession(page)
    const registrations: Array<{ registrationId: string; scopeURL: string }> = []
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: typeof registrations }) => registrations.push(...e.registrations),
    )
    /** Each worker version's last status as the browser reports it ('activated': takes pushes). */
    const versions = new Map<string, { registrationId: string; status: string }>()
    cdp.on(
      'ServiceWorker.workerVersionUpdated',
      (e: { versions: Array<{ versionId: string; registrationId: string; status: string }> }) => {
        for (const v of e.versions) versions.set(v.versionId, v)
      },
    )
    await cdp.send('ServiceWorker.enable')
    await expect.poll(() => registrations.length, { timeout: 10_000 }).toBeGreaterThan(0)
    const registration = registrations.find((r) => r.scopeURL.startsWith(e2e.product.baseUrl))
    expect(registration).toBeDefined()
    const payload = {
      title: 'Withdrawal paid',
      body: '₹1,000 was sent to asha@okaxis (UPI reference 512345678901).',
      url: '/wallet',
      tag: 'withdrawal-7',
    }
    // A push reaches only an activated worker: wait until the browser reports the page's worker
    // activated (its registration waits for the first screen to settle, later still on a busy
    // machine; `navigator.serviceWorker.ready` resolves earlier, while it is still activating).
    await expect
      .poll(
        () =>
          [...versions.values()].some(
            (v) => v.registrationId === registration!.registrationId && v.status === 'activated',
          ),
        { timeout: 20_000 },
      )
      .toBe(true)
    /** Hands the push to the worker as the push service would (CDP drops it silently on failure). */
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: e2e.product.baseUrl,
        registrationId: registration!.registrationId,
        data: JSON.stringify(payload),
      })
    await deliver()
    const shown = async () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready
        return (await reg.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          // Chromium has `badge`; TypeScript's DOM types do not.
          badge: (n as Notification & { badge?: string }).badge,
          data: n.data as unknown,
        }))
      })
    // A push service retries a message the worker did not take; so does this test, every 5 s
    // (the same tag, so a second delivery replaces the first notification rather than adding one).
    for (let attempt = 1; attempt < 4 && (await shown()).length === 0; attempt++) {
      await expect
        .poll(async () => (await shown()).length, { timeout: 5_000 })
        .toBe(1)
        .catch(deliver)
    }
    await expect.poll(shown, { timeout: 20_000 }).toHaveLength(1)
    const [notification] = await shown()
    expect(notification).toMatchObject({
      title: payload.title,
      body: payload.body,
      tag: payload.tag,
      data: { url: '/wallet' },
    })
    expect(notification?.icon).toMatch(/\/icons\/icon-192\.png$/)
    expect(notification?.badge).toMatch(/\/icons\/badge-96\.png$/)

    // The worker's own notificationclick listener, dispatched inside the worker.
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(e2e.product.baseUrl))
    expect(worker).toBeDefined()
    // (This code runs in the worker: its globals are typed loosely here, the tests see the DOM's.)
    await worker!.evaluate(async () => {
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration
        dispatchEvent(event: Event): boolean
      }
      const NotificationEventClass = (
        globalThis as unknown as {
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event
        }
      ).NotificationEvent
      const [n] = await sw.registration.getNotifications()
      if (!n) throw new Error('no notification to click')
      sw.dispatchEvent(new NotificationEventClass('notificationclick', { notification: n }))
    })
    await page.waitForURL(/\/wallet$/, { timeout: 15_000 })
    expect(new URL(page.url()).pathname).toBe('/wallet')
    await expect.poll(shown, { timeout: 5_000 }).toHaveLength(0)
  })
})
