/**
 * The PWA shell end to end in real headless Chromium: Chromium finds no installability errors;
 * after a first visit, with the network cut, the terms, privacy and help pages load and the
 * dashboard opens with the cached user and plans and the offline notice; after a new build the
 * update prompt appears and Reload brings the new version. The product serves a copy of dist/, so
 * the test can publish a "new build" into it. Screenshots: tests/screenshots/pwa-*.png.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH, phoneContext, storeAccessToken } from '../helpers/browser.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { appSettled } from '../helpers/screens.ts'

const SHOTS = path.resolve('tests/screenshots')
const OFFLINE_TEXT = 'You are offline. Showing your last saved data.'

let staticDir: string
// A copy of the build, which the tests change (a new service worker) without touching dist/.
beforeAll(() => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pwa-e2e-'))
  fs.cpSync(path.resolve('dist'), staticDir, { recursive: true })
})
afterAll(() => {
  fs.rmSync(staticDir, { recursive: true, force: true })
})
const e2e = productInChromiumForFile(() => ({ staticDir }))
let user: TestUser

beforeAll(async () => {
  user = await createTestUser(e2e.product.app, { firstName: 'Meera Shah', views: 4 })
  await e2e.product.app.db
    .updateTable('users')
    .set({ points: 4321 })
    .where('id', '=', user.id)
    .execute()
  fs.mkdirSync(SHOTS, { recursive: true })
})

/** Opens `url` and waits until the service worker controls the page (first visit done). */
async function visitUntilControlled(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  })
}

async function logIn(page: Page): Promise<void> {
  await storeAccessToken(page, user.token)
}

describe('the installable, offline PWA shell', () => {
  it('has a complete manifest and no installability errors in Chromium', async () => {
    // A profile on disk: Chromium refuses to install from an incognito-like context.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pwa-profile-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
      baseURL: e2e.product.baseUrl,
      viewport: { width: 360, height: 800 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-IN',
    })
    const page = await context.newPage()
    await visitUntilControlled(page, '/')
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>
    }
    expect(installabilityErrors).toEqual([])
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      display: string
      lang: string
      icons: Array<{ sizes: string; purpose: string }>
      screenshots: Array<{ src: string; form_factor?: string }>
      shortcuts: Array<{ name: string; url: string }>
    }
    expect(manifest).toMatchObject({ id: '/', display: 'standalone', lang: 'en-IN' })
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Watch & earn', '/dashboard'],
      ['Wallet', '/wallet'],
      ['Refer', '/referandearn'],
    ])
    for (const sizes of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes, purpose }))
      }
    }
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual([
      'narrow',
      'narrow',
      'wide',
    ])
    for (const shot of manifest.screenshots) {
      expect((await page.request.get(shot.src)).status(), shot.src).toBe(200)
    }
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  })

  it('opens the static pages and the dashboard with the last data when the network is cut', async () => {
    const context = await phoneContext(e2e.browser, e2e.product.baseUrl)
    const page = await context.newPage()
    await visitUntilControlled(page, '/')
    await logIn(page)
    // The first logged-in visit, now through the worker: its API answers are kept.
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Hello, Meera Shah' }).waitFor()
    await page.getByRole('heading', { name: 'Membership plans' }).waitFor()
    await page.locator('#plans-title ~ div li').first().waitFor()

    // Forget the persisted stores (on a page without the app, so nothing writes them back): the
    // worker's cached API answers alone must bring the data.
    await page.goto('/robots.txt')
    expect(await page.textContent('body')).toContain('User-agent') // a file, not the app
    const cdp = await context.newCDPSession(page)
    await cdp.send('Storage.clearDataForOrigin', {
      origin: e2e.product.baseUrl,
      storageTypes: 'indexeddb',
    })
    await cdp.detach()

    await context.setOffline(true)
    // The network really is gone for the page and its worker.
    const reachable = await page.evaluate(() =>
      fetch('/api/v1/healthz').then(
        () => 'online',
        () => 'offline',
      ),
    )
    expect(reachable).toBe('offline')

    await page.goto('/dashboard')
    await page.getByText(OFFLINE_TEXT).waitFor()
    await page.getByRole('heading', { name: 'Hello, Meera Shah' }).waitFor()
    expect(await page.getByTestId('coin-balance').textContent()).toContain('4,321')
    await page.locator('#plans-title ~ div li').first().waitFor()
    await page.screenshot({ path: path.join(SHOTS, 'pwa-offline-dashboard.png'), fullPage: true })

    for (const [url, text] of [
      ['/termsandcondition', null],
      ['/privacy', 'Continue Watching Videos'],
      ['/help-center', 'Email Support'],
    ] as const) {
      await page.goto(url)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      if (text) await page.getByText(text).first().waitFor()
      await page.getByText(OFFLINE_TEXT).waitFor()
      expect(await page.getByText('PLACEHOLDER').count(), url).toBe(0)
    }
    await page.screenshot({ path: path.join(SHOTS, 'pwa-offline-help-center.png') })

    // Back on the dashboard, the user and plans now also come from the persisted stores.
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Hello, Meera Shah' }).waitFor()
    await page.getByText(OFFLINE_TEXT).waitFor()

    // Back online, the notice goes away.
    await context.setOffline(false)
    await page.getByText(OFFLINE_TEXT).waitFor({ state: 'detached' })
    await context.close()
  })

  it('shows the update prompt after a new build, and Reload brings the new version', async () => {
    const context: BrowserContext = await phoneContext(e2e.browser, e2e.product.baseUrl)
    const page = await context.newPage()
    await visitUntilControlled(page, '/help-center')
    expect(await page.locator('meta[name="build-marker"]').count()).toBe(0)
    expect(await page.getByText('A new version is available.').count()).toBe(0)

    publishNewBuild(staticDir)
    // Opening the app again makes the browser check /sw.js; the new worker installs and waits,
    // while this page still runs the old version.
    await page.reload()
    await page.getByText('A new version is available.').waitFor({ timeout: 30_000 })
    expect(await page.locator('meta[name="build-marker"]').count()).toBe(0)
    await page.screenshot({ path: path.join(SHOTS, 'pwa-update-prompt.png') })

    await Promise.all([
      page.waitForURL('**/help-center', { waitUntil: 'load' }),
      page.waitForEvent('framenavigated'),
      page.getByRole('button', { name: 'Reload' }).click(),
    ])
    await page.waitForFunction(() => document.querySelector('meta[name="build-marker"]') !== null)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await page.getByText('A new version is available.').count()).toBe(0)
    await context.close()
  })

  it('reloads once and recovers when a screen chunk fails to load after a deploy', async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.product.baseUrl,
      viewport: { width: 360, height: 800 },
      isMobile: true,
      locale: 'en-IN',
      serviceWorkers: 'block', // the network, not the precache, must answer the chunk request
    })
    const page = await context.newPage()
    let chunkRequests = 0
    // The first request for the privacy screen's chunk fails as after a deploy; later ones work.
    await page.route(/\/assets\/privacy-[\w-]+\.js$/, (route) => {
      chunkRequests += 1
      return chunkRequests === 1 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()
    })
    let documentLoads = 0
    page.on('load', () => (documentLoads += 1))
    await page.goto('/')
    // About is drawn only by the app, in the deferred render after it has hydrated the landing
    // (not in the rendered HTML), so its router listens; then it has nothing left to render.
    await page.getByRole('heading', { name: 'About' }).waitFor()
    await appSettled(page)
    expect(documentLoads).toBe(1)

    // The reloaded page's app asks for the chunk again, and this time gets it.
    const chunkServed = page.waitForResponse(
      (response) => /\/assets\/privacy-[\w-]+\.js$/.test(response.url()) && response.ok(),
    )
    // An in-app navigation (wouter follows history.pushState) asks for the missing chunk.
    const reloaded = page.waitForEvent('load')
    await page.evaluate(() => window.history.pushState(null, '', '/privacy'))
    // The reloaded page is /privacy's outline, which has the text before its app runs; the app
    // fetches the screen's chunk only once that outline is on screen.
    await reloaded
    await page.getByText('Continue Watching Videos').first().waitFor()
    await chunkServed
    expect(new URL(page.url()).pathname).toBe('/privacy')
    expect(documentLoads).toBe(2) // exactly one reload
    expect(chunkRequests).toBeGreaterThanOrEqual(2)
    await context.close()
  })
})

/**
 * Publishes a "new build" into the served directory: the pages of the landing, of /help-center
 * (rendered) and of paths with no route change (a marker in the head) and the service worker's
 * precache manifest carries their new revisions, as a rebuild would.
 */
function publishNewBuild(dir: string): void {
  const sw = path.join(dir, 'sw.js')
  let worker = fs.readFileSync(sw, 'utf8')
  const pages = ['index.html', 'pages/help-center.html', 'app.html']
  for (const file of pages) {
    const html = path.join(dir, file)
    fs.writeFileSync(
      html,
      // A marker in the head (the app sets each route's own title, so the title cannot carry it).
      fs
        .readFileSync(html, 'utf8')
        .replace('</head>', '<meta name="build-marker" content="new build"></head>'),
    )
    const entry = new RegExp(`"revision":"[0-9a-f]+","url":"${file.replaceAll('.', '\\.')}"`)
    expect(worker).toMatch(entry)
    worker = worker.replace(entry, `"revision":"new-build-${Date.now()}","url":"${file}"`)
  }
  fs.writeFileSync(sw, worker)
  // The build's compressed copies of the changed files are stale now: the server falls back to
  // the files themselves.
  for (const file of [...pages, 'sw.js']) {
    for (const ext of ['.br', '.gz']) fs.rmSync(path.join(dir, file + ext), { force: true })
  }
}
