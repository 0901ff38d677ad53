/**
 * The app's look in real headless Chromium against the real API: with the system in dark mode the
 * dashboard is dark (computed colours) with its tab bar; the profile's Theme switch pins a theme
 * that outlives a reload; Chromium's `beforeinstallprompt` (dispatched by the test, as headless
 * Chromium never offers) brings the Install app button on the dashboard and the landing, whose tap
 * opens the browser's dialog.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { phoneContext, storeAccessToken } from '../helpers/browser.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'

const e2e = productInChromiumForFile()
let user: TestUser

beforeAll(async () => {
  user = await createTestUser(e2e.product.app, { firstName: 'Meera Shah', views: 4 })
})

async function phone(colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await phoneContext(e2e.browser, e2e.product.baseUrl, {
    colorScheme,
    serviceWorkers: 'block',
  })
  return context.newPage()
}

async function logIn(page: Page): Promise<void> {
  await page.goto('/robots.txt')
  await storeAccessToken(page, user.token)
}

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor)

/** Fires a synthetic `beforeinstallprompt` whose prompt() records that it was called. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event &
      Record<string, unknown>
    event.prompt = async () => {
      ;(window as unknown as Record<string, unknown>).installPrompted = true
    }
    event.userChoice = Promise.resolve({ outcome: 'dismissed', platform: 'web' })
    window.dispatchEvent(event)
  })
}

describe('look and navigation, dark mode, install', () => {
  it('with the system in dark mode the dashboard is dark: page, balance panel (the dark brand) and tab bar', async () => {
    const page = await phone('dark')
    await logIn(page)
    await page.goto('/dashboard')
    await page.getByTestId('coin-balance').waitFor()
    expect(await background(page, 'body')).toBe('rgb(18, 18, 24)')
    // The balance panel leads the dashboard on the brand colour, its dark-theme value (#5b3ee6).
    expect(await background(page, '.balance-panel')).toBe('rgb(91, 62, 230)')
    const color = await page
      .locator('h1')
      .first()
      .evaluate((el) => getComputedStyle(el).color)
    expect(color).toBe('rgb(236, 236, 241)')
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'light dark',
    )
    const tabs = page.getByRole('navigation', { name: 'Main' })
    expect(await tabs.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page')
    await tabs.getByRole('link', { name: 'Wallet' }).click()
    await page.getByTestId('wallet-balance').waitFor()
    expect(await tabs.getByRole('link', { name: 'Wallet' }).getAttribute('aria-current')).toBe(
      'page',
    )
    await page.context().close()
  })

  it('the same dashboard is light in light mode', async () => {
    const page = await phone('light')
    await logIn(page)
    await page.goto('/dashboard')
    await page.getByTestId('coin-balance').waitFor()
    expect(await background(page, 'body')).toBe('rgb(247, 247, 251)')
    await page.context().close()
  })

  it('Dark on the profile pins the dark theme over a light system, through a reload', async () => {
    const page = await phone('light')
    await logIn(page)
    await page.goto('/profile')
    await page.getByRole('radio', { name: 'Dark' }).check()
    expect(await background(page, 'body')).toBe('rgb(18, 18, 24)')
    await page.reload()
    // The page's first frame cannot know the device's choice; the app then checks Dark.
    await page.getByRole('radio', { name: 'Dark', checked: true }).waitFor()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    expect(await background(page, 'body')).toBe('rgb(18, 18, 24)')
    const themeColors = await page.$$eval('meta[name="theme-color"]', (metas) =>
      metas.map((m) => (m as HTMLMetaElement).content),
    )
    expect(themeColors).toEqual(['#121218', '#121218'])
    await page.context().close()
  })

  it('Light on the profile pins the light theme over a dark system', async () => {
    const page = await phone('dark')
    await logIn(page)
    await page.goto('/profile')
    await page.getByRole('radio', { name: 'Light' }).check()
    expect(await background(page, 'body')).toBe('rgb(247, 247, 251)')
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'light',
    )
    await page.context().close()
  })

  it('the served stylesheets hold no light-dark(), which Chrome before 123 would drop', async () => {
    const page = await phone('dark')
    await page.goto('/')
    const sheets = await page.$$eval('link[rel="stylesheet"]', (links) =>
      Promise.all(links.map((l) => fetch((l as HTMLLinkElement).href).then((r) => r.text()))),
    )
    expect(sheets.length).toBeGreaterThan(0)
    // The tokens are written with light-dark() (src/styles/tokens.css); the build lowers them.
    expect(sheets.join('\n')).toContain('--bg:')
    for (const css of sheets) expect(css).not.toContain('light-dark(')
    await page.context().close()
  })

  it('Install app appears on the dashboard after beforeinstallprompt and opens the browser dialog', async () => {
    const page = await phone('light')
    await logIn(page)
    await page.goto('/dashboard')
    await page.getByTestId('coin-balance').waitFor()
    expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0)
    await offerInstall(page)
    await page.getByRole('button', { name: 'Install app' }).click()
    expect(
      await page.evaluate(() => (window as unknown as Record<string, unknown>).installPrompted),
    ).toBe(true)
    await page.context().close()
  })

  it('an offer made before the landing has loaded its app still brings the button', async () => {
    const page = await phone('light')
    await page.goto('/')
    // The entry script keeps the offer at once; React loads only when the page is idle.
    await offerInstall(page)
    await page.getByRole('button', { name: 'Install app' }).waitFor({ timeout: 15_000 })
    await page.context().close()
  })
})
