/**
 * The two web figures Lighthouse does not give, taken with playwright over CDP in the bench's
 * Chromium (tests/bench/web.ts):
 * - `networkScripts`: the JavaScript the browser downloads for a page within 10 s of its load
 *   event, counted from the network (every script request of the page, deferred chunks included),
 *   on a first visit (origin wiped), unthrottled so that everything the page asks for in those
 *   10 s arrives and counts. The service worker's precache fetches are its own requests, not the
 *   page's, and are not counted (the worker installs once the page is idle, src/main.tsx).
 * - `resultTiming`: when a payment result page replaces its Loading with the result (its first
 *   visible h1), under CDP throttling as Lighthouse's devtools preset (Slow 4G, 4× CPU).
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { BrowserContext } from 'playwright-core'

/** How long after the load event scripts are still counted (ms). */
const AFTER_LOAD_MS = 10_000

export interface NetworkScripts {
  /** Each script: its path and bytes on the wire (headers and the served encoding included). */
  files: Array<{ path: string; transferBytes: number; gzipBytes: number }>
  /** Sum of the bytes on the wire (brotli where the server sent .br). */
  transferBytes: number
  /** Sum of the same files gzipped at level 9 from the build (the budget's unit). */
  gzipBytes: number
}

/** Lighthouse's devtools throttling preset (Slow 4G with its adjustment factors, 4× CPU). */
async function throttle(context: BrowserContext, page: import('playwright-core').Page) {
  const session = await context.newCDPSession(page)
  await session.send('Network.enable')
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150 * 3.75,
    downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
    uploadThroughput: (750 * 0.9 * 1024) / 8,
  })
  await session.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  return session
}

/**
 * Opens `url` with the origin wiped and sums the script requests of the page that finish within
 * 10 s of its load event. `dist` is the served build (for each file's gzipped size).
 */
export async function networkScripts(
  context: BrowserContext,
  url: string,
  dist: string,
): Promise<NetworkScripts> {
  const page = await context.newPage()
  const session = await context.newCDPSession(page)
  await session.send('Storage.clearDataForOrigin', {
    origin: new URL(url).origin,
    storageTypes: 'all',
  })
  await session.send('Network.clearBrowserCache')
  await session.send('Network.enable')
  const scripts = new Map<string, string>()
  const files: NetworkScripts['files'] = []
  let counting = true
  session.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, new URL(event.request.url).pathname)
  })
  session.on('Network.loadingFinished', (event) => {
    const file = scripts.get(event.requestId)
    if (!file || !counting) return
    const local = path.join(dist, file)
    const gzipBytes = fs.existsSync(local)
      ? zlib.gzipSync(fs.readFileSync(local), { level: 9 }).length
      : Math.round(event.encodedDataLength)
    files.push({ path: file, transferBytes: Math.round(event.encodedDataLength), gzipBytes })
  })
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(AFTER_LOAD_MS)
  counting = false
  await session.detach()
  await page.close()
  return {
    files,
    transferBytes: files.reduce((sum, f) => sum + f.transferBytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  }
}

/**
 * Opens the payment result page `url` (origin wiped, throttled) and resolves with the seconds
 * from the navigation's start to the first frame showing its result (a visible `h1`, which
 * Loading has not: its heading is `.sr-only`); NaN if none within 15 s.
 */
export async function resultTiming(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage()
  const session = await throttle(context, page)
  await session.send('Storage.clearDataForOrigin', {
    origin: new URL(url).origin,
    storageTypes: 'all',
  })
  // A first visit: nothing in the HTTP cache either (the audits before filled it).
  await session.send('Network.clearBrowserCache')
  await page.goto(url, { waitUntil: 'commit' })
  const ms = await page
    .waitForFunction(
      () =>
        document.querySelector('#root h1:not(.sr-only)') &&
        !document.querySelector('[data-testid="skeleton"]')
          ? performance.now()
          : null,
      undefined,
      { timeout: 15_000, polling: 'raf' },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => Number.NaN)
  await session.detach()
  await page.close()
  return (ms ?? Number.NaN) / 1000
}
