/**
 * Real headless Chromium through playwright-core (Debian's /usr/bin/chromium), with the flags this
 * machine needs, a phone-sized context (360×800), and logging in the way a user does.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core'
import { generate } from 'otplib'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
}

/**
 * A new context sized like a cheap Android phone (360×800, touch, English for India); `options`
 * add to or override that (a `colorScheme`, a `locale`, `serviceWorkers: 'block'`).
 */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 360, height: 800 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    ...options,
  })
}

/**
 * A phone context whose every page starts logged in: the access token is in localStorage before
 * the page's own scripts run, as after a login (and again after each load, so a logout in it
 * does not last past the next navigation).
 */
export async function loggedInPhoneContext(
  browser: Browser,
  baseURL: string,
  token: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await phoneContext(browser, baseURL, options)
  await context.addInitScript((t: string) => window.localStorage.setItem('access_token', t), token)
  return context
}

/** Stores the access token in the open page's localStorage: its next navigation is logged in. */
export async function storeAccessToken(page: Page, token: string): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('access_token', t), token)
}

/**
 * Logs in the way a user does: /loginn, the email or phone number and the 4-digit PIN, Login.
 * Does not wait for the outcome: the caller waits for /dashboard or for the error it expects.
 * `origin` is for a page whose context has no `baseURL`.
 */
export async function logInThroughScreen(
  page: Page,
  identifier: string,
  pin: string,
  origin = '',
): Promise<void> {
  await page.goto(`${origin}/loginn`)
  await page.getByLabel('Email or phone number').fill(identifier)
  await page.getByLabel('Password', { exact: true }).fill(pin)
  await page.getByRole('button', { name: 'Login' }).click()
}

/**
 * A fresh phone context whose page has logged in through the login screen as `person` (its email
 * and PIN) and reached /dashboard: the start of a test of what a logged-in user does next.
 */
export async function phoneLoggedInThroughScreen(
  browser: Browser,
  baseURL: string,
  person: { email: string; pin: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, baseURL)
  const page = await context.newPage()
  await logInThroughScreen(page, person.email, person.pin)
  await page.waitForURL((url) => url.pathname === '/dashboard')
  return { context, page }
}

/**
 * Logs in to the console at /ops/ in `page` as an enrolled operator: email, password and a fresh
 * authenticator code, then waits for the first screen (the orders queue's heading).
 */
export async function logInToConsole(
  page: Page,
  email: string,
  operator: { password: string; totpSecret: string },
): Promise<void> {
  await page.goto('/ops/')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(operator.password)
  await page.getByLabel('Authenticator code').fill(await generate({ secret: operator.totpSecret }))
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('heading', { name: 'Orders' }).waitFor()
}
