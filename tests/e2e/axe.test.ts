/**
 * axe-core scan (WCAG 2.2 AA and best practices, tests/helpers/axe.ts) of every screen of the route
 * table (contract/routes.ts) and the not-found screen, against the built PWA and the real API in
 * headless Chromium at 360×800: each screen as each visitor it is meant for (guest-only screens as
 * a guest, logged-in screens as a user, public screens as both), in the light and the dark colour
 * scheme, and every popup open, in English and again in Hindi (a browser whose language is hi-IN,
 * so the app opens in Hindi: `<html lang="hi">`, the Devanagari font, the Hindi texts' lengths
 * against the contrast and the 360 px width). Each screen also has exactly one `<main>` and one
 * `h1`, also while its data loads and when the API fails. Kept fast: one browser, one tab per
 * visitor and language that loads the app once and then moves between screens the way its links do
 * (history.pushState), so axe-core is injected once per tab.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page, Route } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { loggedInPhoneContext, phoneContext } from '../helpers/browser.ts'
import { createTestUser } from '../helpers/users.ts'
import { axeScan, describeViolations } from '../helpers/axe.ts'
import { ROUTES } from '../../contract/routes.ts'
import { ApiRequests, nextFrames, passResultLoading, screenSettled } from '../helpers/screens.ts'

type Who = 'guest' | 'user'
type Lang = 'en' | 'hi'

/** Every path of the route table with the query its screen expects, and who sees the screen. */
const SCREENS: { path: string; query?: string; who: Who[] }[] = [
  { path: '/', who: ['guest'] },
  { path: '/home', who: ['guest'] },
  { path: '/termsandcondition', who: ['guest', 'user'] },
  { path: '/help-center', who: ['guest', 'user'] },
  { path: '/privacy', who: ['guest', 'user'] },
  { path: '/how-to-play', who: ['guest', 'user'] },
  { path: '/your-mistake', who: ['guest', 'user'] },
  { path: '/payment', who: ['guest', 'user'] },
  { path: '/payment-success', query: '?order_id=ORD-AXE-1', who: ['guest', 'user'] },
  { path: '/payment-fail', query: '?order_id=ORD-AXE-2', who: ['guest', 'user'] },
  { path: '/bank-details-confirmation', who: ['guest', 'user'] },
  { path: '/verify-otp-signup', query: '?email=someone%40example.com', who: ['guest', 'user'] },
  { path: '/loginn', who: ['guest'] },
  { path: '/loginold', who: ['guest'] },
  { path: '/signup', who: ['guest'] },
  { path: '/register', who: ['guest'] },
  { path: '/enter-email', who: ['guest'] },
  { path: '/enter-email-otp', query: '?email=someone%40example.com', who: ['guest'] },
  { path: '/update-password', query: '?email=someone%40example.com', who: ['guest'] },
  { path: '/dashboard', who: ['user'] },
  { path: '/how-to-earn', who: ['user'] },
  { path: '/platform-fee', query: '?amount=99', who: ['user'] },
  { path: '/deposit-fee', who: ['user'] },
  { path: '/m-payment', query: '?deposit=99&KeyFrom=Platform%20Fee', who: ['user'] },
  { path: '/amount-withdraw', query: '?balance=0&refercount=0', who: ['user'] },
  { path: '/referandearn', who: ['user'] },
  { path: '/wallet', who: ['user'] },
  { path: '/profile', who: ['user'] },
  { path: '/edit-profile', who: ['user'] },
  { path: '/add-bank-details', who: ['user'] },
  { path: '/no-such-page', who: ['guest', 'user'] },
]

/** A screen's loading state: the spinner or the skeleton placeholders (src/components/skeleton.tsx). */
const LOADING = '.page-spinner, [data-testid=skeleton]'

const e2e = productInChromiumForFile()
const contexts: BrowserContext[] = []
/** A visitor: a guest, a user, or a new user (who sees the bonus popup on load). */
type Visitor = Who | 'newcomer'
const tabs = {} as Record<`${Visitor} ${Lang}`, Tab>

/** The Hindi catalog, for the names a Hindi page gives its buttons and popups. */
const HINDI = JSON.parse(
  fs.readFileSync(path.resolve('src/i18n/locales/hi.json'), 'utf8'),
) as Record<string, string>

/** `english` as a page in `lang` shows it (the catalog's Hindi; English when it has none). */
const say = (lang: Lang, english: string): string =>
  lang === 'hi' ? (HINDI[english] ?? english) : english

/** A visitor's tab, with its API requests still on their way. */
interface Tab {
  page: Page
  requests: ApiRequests
}

/**
 * A tab in a new context whose pages start logged in with `token` (none: a guest), in a browser
 * whose language is `lang` (en-IN or hi-IN).
 */
async function visitorTab(lang: Lang, token?: string): Promise<Tab> {
  const { browser, product } = e2e
  const options = { locale: lang === 'hi' ? 'hi-IN' : 'en-IN' }
  const context = token
    ? await loggedInPhoneContext(browser, product.baseUrl, token, options)
    : await phoneContext(browser, product.baseUrl, options)
  contexts.push(context)
  const page = await context.newPage()
  // The result pages' Loading passes on the page's own clock (passResultLoading).
  await page.clock.install()
  return { page, requests: new ApiRequests(page) }
}

beforeAll(async () => {
  // Videos of 2 s, so the congratulations popup opens within the test's time.
  await e2e.product.app.db.updateTable('videos').set({ timer: 2 }).execute()
  for (const lang of ['en', 'hi'] as const) {
    const user = await createTestUser(e2e.product.app, { firstName: 'Axe Tester', views: 3 })
    const newcomer = await createTestUser(e2e.product.app, { firstName: 'New Tester', views: 0 })
    tabs[`guest ${lang}`] = await visitorTab(lang)
    tabs[`user ${lang}`] = await visitorTab(lang, user.token)
    tabs[`newcomer ${lang}`] = await visitorTab(lang, newcomer.token)
  }
})

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()))
})

/**
 * Shows `url` in the tab of `who` in `lang`: the first time by loading the page, then the way the
 * app's links move (history.pushState, which wouter follows). Waits until the screen has its data.
 */
async function show(who: Visitor, url: string, lang: Lang = 'en'): Promise<Page> {
  const tab = tabs[`${who} ${lang}`]
  const { page } = tab
  const path = new URL(url, e2e.product.baseUrl).pathname
  if (page.url() === 'about:blank') {
    await page.goto(url, { waitUntil: 'load' })
  } else {
    await page.evaluate((to) => window.history.pushState(null, '', to), url)
  }
  await page.waitForURL((u) => u.pathname === path)
  // The screen drawn with its API answers (the result pages' Loading passed, docs/product.md#rules).
  await passResultLoading(page)
  await screenSettled(page, tab.requests)
  return page
}

/** The number of `<main>` and `h1` elements, as a line when it is not one of each. */
async function landmarks(page: Page, where: string): Promise<string[]> {
  // Rendered ones only: React hides the previous screen (display: none) under a Suspense fallback.
  const [mains, h1s] = await page.evaluate(() =>
    ['main', 'h1'].map(
      (tag) => [...document.querySelectorAll(tag)].filter((el) => el.checkVisibility()).length,
    ),
  )
  return mains === 1 && h1s === 1 ? [] : [`${where}: ${mains} <main>, ${h1s} h1`]
}

/**
 * The violations of the page in the light and then the dark colour scheme, a line for each
 * landmark or heading count other than one `<main>` and one `h1`, and one when `<html lang>` is not
 * the page's language `lang`.
 */
async function scanBothSchemes(page: Page, where: string, lang: Lang = 'en'): Promise<string[]> {
  const problems: string[] = []
  const htmlLang = await page.evaluate(() => document.documentElement.lang)
  if (htmlLang !== lang) problems.push(`${where}: <html lang="${htmlLang}">, not "${lang}"`)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    problems.push(...describeViolations(`${where} ${scheme}`, await axeScan(page)))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return [...problems, ...(await landmarks(page, where))]
}

const urlsFor = (who: Who) =>
  SCREENS.filter((s) => s.who.includes(who)).map((s) => [s.path + (s.query ?? '')])

describe('axe-core finds no violation', () => {
  it('lists every path of the route table', () => {
    const paths = ROUTES.map((r) => r.path)
    expect(paths.length).toBe(30)
    expect(SCREENS.map((s) => s.path).filter((p) => p !== '/no-such-page')).toEqual(
      expect.arrayContaining(paths),
    )
  })

  describe.each([
    ['guest', 'en'],
    ['user', 'en'],
    ['guest', 'hi'],
    ['user', 'hi'],
  ] as const)('as a %s in %s, light and dark', (who, lang) => {
    it.each(urlsFor(who))('%s', async (url) => {
      const page = await show(who, url, lang)
      expect(await scanBothSchemes(page, `${url} (${who}, ${lang})`, lang)).toEqual([])
    })
  })

  describe.each(['en', 'hi'] as const)('with each popup open, light and dark, in %s', (lang) => {
    const name = (english: string) => say(lang, english)

    it('the bonus popup a new user sees on load', async () => {
      const page = await show('newcomer', '/dashboard', lang)
      await page.getByRole('dialog', { name: name('Congratulations!') }).waitFor()
      expect(await scanBothSchemes(page, `bonus popup (${lang})`, lang)).toEqual([])
    })

    it('the withdrawal requirements popup, then the congratulations popup', async () => {
      const page = await show('user', '/dashboard', lang)
      await page.getByRole('button', { name: name('Withdraw') }).click()
      await page.getByRole('dialog', { name: name('Withdrawal requirements') }).waitFor()
      const problems = await scanBothSchemes(page, `requirements popup (${lang})`, lang)
      await page.getByRole('button', { name: name('OK') }).click()
      await page.getByRole('button', { name: name('Play'), exact: true }).click()
      await page
        .getByRole('dialog', { name: name('Congratulations!') })
        .waitFor({ timeout: 20_000 })
      problems.push(...(await scanBothSchemes(page, `congratulations popup (${lang})`, lang)))
      expect(problems).toEqual([])
    })

    it('the Confirm Payment popup on /deposit-fee', async () => {
      const page = await show('user', '/deposit-fee', lang)
      // "Deposit ₹499 for Silver" / "सिल्वर के लिए ₹499 जमा करें"
      const deposit = lang === 'hi' ? / जमा करें$/ : /^Deposit /
      await page.getByRole('button', { name: deposit }).first().click()
      await page.getByRole('dialog', { name: name('Confirm Payment') }).waitFor()
      const problems = await scanBothSchemes(page, `confirm payment popup (${lang})`, lang)
      await page.getByRole('button', { name: name('No') }).click()
      expect(problems).toEqual([])
    })
  })
})

describe('one <main> and one h1 while the data loads and when the API fails', () => {
  it.each(['guest', 'user'] as const)('as a %s, on every screen', async (who) => {
    // The app running in the tab (when this test runs on its own).
    const page = await show(who, '/no-such-page')
    const held: Route[] = []
    /** Called when the app asks the API for something (the request is held). */
    let onHeld = () => {}
    await page.route('**/api/v1/**', (route) => {
      held.push(route)
      onHeld()
    })
    /**
     * Fails every held request, and each one the failures lead to, until the screen has left its
     * loading state (at most 5 s: a screen may stay in it).
     */
    const failUntilDrawn = async () => {
      const until = Date.now() + 5_000
      for (;;) {
        await Promise.all(held.splice(0).map((r) => r.abort('failed')))
        const asked = new Promise<'asked'>((resolve) => {
          onHeld = () => resolve('asked')
        })
        const outcome = await Promise.race([
          page
            .locator(LOADING)
            .waitFor({ state: 'detached', timeout: Math.max(until - Date.now(), 1) })
            .then(
              () => 'drawn' as const,
              () => 'still loading' as const,
            ),
          asked,
        ])
        if (outcome !== 'asked') break
      }
      onHeld = () => {}
      await Promise.all(held.splice(0).map((r) => r.abort('failed')))
    }
    const problems: string[] = []
    // Screens caught with a loading indicator: the check really sees the loading states.
    let loadingSeen = 0
    try {
      for (const [url] of urlsFor(who)) {
        await page.evaluate((to) => window.history.pushState(null, '', to), url!)
        // The frames after the move: the route's first screen is drawn, its reads held.
        await nextFrames(page)
        problems.push(...(await landmarks(page, `${url} loading (${who})`)))
        if ((await page.locator(LOADING).count()) > 0) loadingSeen += 1
        await passResultLoading(page)
        await failUntilDrawn()
        problems.push(...(await landmarks(page, `${url} failed (${who})`)))
      }
    } finally {
      await page.unroute('**/api/v1/**')
      await Promise.all(held.map((r) => r.abort('failed')))
    }
    expect(problems).toEqual([])
    expect(loadingSeen).toBeGreaterThan(0)
  })
})
