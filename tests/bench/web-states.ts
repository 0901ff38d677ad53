/**
 * Puts the browser in the state a page is audited in (tests/bench/web-budgets.ts `WebState`),
 * before Lighthouse opens it:
 * - `cold` and `result`: the origin's data wiped (storage, service worker, caches): a first visit;
 * - `returning`: wiped, then the bench user logs in through /loginn, the service worker installs
 *   and activates, and the audited page is opened once and left until its saved copies are
 *   written: what a returning user's phone holds. Lighthouse then runs with
 *   `disableStorageReset: true`, so its navigation is the second one with storage kept;
 * - `new-device`: logged in the same way to get a token, then everything wiped again and only the
 *   access token put back in localStorage: a new phone that has just logged in, no saved copy,
 *   no service worker, a cold HTTP cache.
 * BENCH_LANG=hi adds the language switch's stored choice (localStorage and cookie) in every state.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { logInThroughScreen } from '../helpers/browser.ts'
import type { WebState } from './web-budgets.ts'

/** The bench user's sign-in: an email or phone number and the 4-digit PIN. */
export interface BenchLogin {
  identifier: string
  pin: string
}

/**
 * Leaves `context` (the browser Lighthouse drives) in `state` for `url`; `login` is needed for
 * the signed-in states. Resolves once the state is in place; throws if the login or the service
 * worker's activation does not come within 30 s.
 */
export async function seedState(
  context: BrowserContext,
  url: string,
  state: WebState,
  login: BenchLogin | null,
  language: 'en' | 'hi',
): Promise<void> {
  const origin = new URL(url).origin
  const page = await context.newPage()
  const session = await context.newCDPSession(page)
  const wipe = async () => {
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
    await session.send('Network.clearBrowserCache')
  }
  await wipe()
  const chooseLanguage = async () => {
    if (language !== 'hi') return
    // The visitor's choice of Hindi as the language switch stores it (after the login, whose
    // screen the helper fills in by its English labels).
    await page.evaluate(() => localStorage.setItem('lang', 'hi'))
    await context.addCookies([{ name: 'lang', value: 'hi', url: origin }])
  }
  if (state === 'returning' || state === 'new-device') {
    if (!login) throw new Error(`${url}: a signed-in state needs the bench user's login`)
    await logInThroughScreen(page, login.identifier, login.pin, origin)
    await page.waitForURL((u) => u.pathname === '/dashboard')
    await page.waitForFunction(storedUserAndPlans, undefined, { timeout: 30_000 })
    if (state === 'new-device') {
      const token = await page.evaluate(() => localStorage.getItem('access_token'))
      if (!token) throw new Error('no access_token after logging in')
      await wipe()
      await page.goto(`${origin}/robots.txt`)
      await page.evaluate((t) => localStorage.setItem('access_token', t), token)
      await chooseLanguage()
    } else {
      await chooseLanguage()
      // The worker installs (precaching every file of the build) and takes over.
      await page.evaluate(serviceWorkerActivated)
      await visitOnce(page, url)
    }
  } else if (language === 'hi') {
    await page.goto(`${origin}/robots.txt`)
    await chooseLanguage()
  }
  await session.detach()
  await page.close()
}

/**
 * The returning user's earlier visit of `url`: opened under the service worker, left until the
 * network is quiet and the screen's stores have written their saved copies.
 */
async function visitOnce(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined)
  // zustand's persist writes to IndexedDB after each change: give the last write time to land.
  await page.waitForTimeout(1000)
  const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller))
  if (!controlled) throw new Error(`${url}: the service worker does not control the page`)
}

/**
 * Runs in the page: whether the app has kept the user and the plans in IndexedDB (idb-keyval's
 * default database, src/lib/idb-storage.ts; zustand's persisted `{ state }`).
 */
function storedUserAndPlans(): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open('keyval-store')
    open.onerror = () => resolve(false)
    open.onsuccess = () => {
      const db = open.result
      try {
        const store = db.transaction('keyval').objectStore('keyval')
        const user = store.get('user-store')
        const plans = store.get('plans-store')
        plans.onsuccess = () => {
          const u = user.result as { state?: { user?: unknown } } | undefined
          const p = plans.result as { state?: { plans?: unknown[] | null } } | undefined
          resolve(Boolean(u?.state?.user) && Boolean(p?.state?.plans?.length))
          db.close()
        }
        plans.onerror = () => resolve(false)
      } catch {
        // No object store yet: the app has not written anything.
        db.close()
        resolve(false)
      }
    }
  })
}

/**
 * Runs in the page: resolves once the page's service worker is registered and activated (its
 * install, and so its precaching, done); rejects after 30 s.
 */
function serviceWorkerActivated(): Promise<void> {
  const activated = navigator.serviceWorker.ready.then((registration) => {
    const worker = registration.active
    if (!worker || worker.state === 'activated') return
    return new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve()
      })
    })
  })
  return Promise.race([
    activated,
    new Promise<void>((_, reject) =>
      setTimeout(() => reject(new Error('no activated service worker within 30 s')), 30_000),
    ),
  ])
}
