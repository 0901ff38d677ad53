/**
 * Accounts end to end in real headless Chromium at 360×800: register, read the signup code from a
 * real SMTP server, verify, log out, log in by email and by phone, forget the PIN and reset it with
 * a mailed code, log in with the new PIN; and the route guards for a guest and for a logged-in
 * user. Saves a screenshot of each account screen to tests/screenshots/accounts-*.png.
 */
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { logInThroughScreen, phoneContext } from '../helpers/browser.ts'

const SHOTS = path.resolve('tests/screenshots')

const suffix = `${process.pid}${crypto.randomInt(1000, 9999)}`
const person = {
  name: 'Asha Rao',
  email: `asha${suffix}@example.com`,
  phone: `9${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`,
  pin: '2580',
  newPin: '1470',
}

const e2e = productInChromiumForFile()
let context: BrowserContext
let page: Page

/**
 * Saves the viewport (360×800) as tests/screenshots/accounts-{name}.png, after checking the
 * screen fits 360 px without sideways scrolling.
 */
async function shot(name: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.screenshot({ path: path.join(SHOTS, `accounts-${name}.png`) })
}

const pathname = () => new URL(page.url()).pathname
/** Access tokens and OTP request ids: 32 random bytes, base64url (docs/product.md#security). */
const TOKEN_FORMAT = /^[\w-]{43}$/

const storedToken = () => page.evaluate(() => localStorage.getItem('access_token'))

const logIn = (identifier: string, pin: string) => logInThroughScreen(page, identifier, pin)

/** Logs out the way a user does: Profile, then Log out (docs/product.md#screens: clears local storage, goes to /). */
async function logOut(): Promise<void> {
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.waitForURL((url) => url.pathname === '/')
  expect(await storedToken()).toBeNull()
}

describe('accounts in Chromium (sqlite)', () => {
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true })
    context = await phoneContext(e2e.browser, e2e.product.baseUrl)
    page = await context.newPage()
  })

  afterAll(async () => {
    await context?.close()
  })

  it('sends a guest on /dashboard to /loginn, which shows the login screen', async () => {
    await page.goto('/dashboard')
    await page.waitForURL((url) => url.pathname === '/loginn')
    await page.getByRole('heading', { name: 'Log In' }).waitFor()
    expect(await page.getByPlaceholder('Enter your email or phone number').isVisible()).toBe(true)
    expect(await page.getByPlaceholder('Enter your password').isVisible()).toBe(true)
    const pin = page.getByLabel('Password', { exact: true })
    await pin.fill('1234')
    expect(await pin.getAttribute('type')).toBe('password')
    await page.getByRole('button', { name: 'Show password' }).click()
    expect(await pin.getAttribute('type')).toBe('text')
    await page.getByRole('button', { name: 'Hide password' }).click()
    expect(await pin.getAttribute('type')).toBe('password')
    await pin.fill('')
    await shot('login')
  })

  it('shows the validation texts of the login and register screens', async () => {
    await page.goto('/loginn')
    await page.getByLabel('Email or phone number').fill('12345')
    await page.getByLabel('Password', { exact: true }).fill('12')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByText('Please enter a valid email or phone number.').waitFor()
    await shot('login-validation')

    await page.goto('/register')
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('Invalid phone number').waitFor()
    await page.getByText('Invalid email address').waitFor()
    await page.getByText('Agree Term & Condition to Proceed!').first().waitFor()
    await shot('register-validation')
  })

  it('registers, reads the signup code from SMTP and verifies the email', async () => {
    await page.goto('/register')
    await page.getByLabel('Name', { exact: true }).fill(person.name)
    await page.getByLabel('Phone number', { exact: true }).fill(person.phone)
    await page.getByLabel('Email', { exact: true }).fill(person.email)
    await page.getByLabel('Password (4-digit PIN)', { exact: true }).fill(person.pin)
    await page.getByRole('checkbox').check()
    await shot('register')
    await page.getByRole('button', { name: 'Register' }).click()

    await page.waitForURL((url) => url.pathname === '/verify-otp-signup')
    expect(new URL(page.url()).searchParams.get('email')).toBe(person.email)
    expect(await storedToken()).toMatch(TOKEN_FORMAT)
    expect(await page.evaluate(() => localStorage.getItem('request_id'))).toMatch(TOKEN_FORMAT)
    await page.getByText(`Code has been sent to ${person.email}`).waitFor()
    await page.getByText('Resend code in 00:5', { exact: false }).waitFor()
    expect(await page.getByRole('button', { name: 'Resend Code' }).isDisabled()).toBe(true)
    await shot('verify-otp-signup')

    // A wrong code first: the inline text of docs/product.md#messages.
    const code = await e2e.product.smtp.waitForCode(person.email)
    const wrong = code === '0000' ? '1111' : '0000'
    await page.getByLabel('4-digit code', { exact: true }).fill(wrong)
    await page.getByRole('button', { name: 'Verify Account' }).click()
    await page.getByText('Enter Correct OTP').waitFor()

    await page.getByLabel('4-digit code', { exact: true }).fill(code)
    await page.getByRole('button', { name: 'Verify Account' }).click()
    // Verified and still holding the signup token: the guest-only /update-password hands over
    // to the dashboard (docs/product.md#screens route access).
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await storedToken()).toMatch(TOKEN_FORMAT)
  })

  it('logs out, then logs in by email and by phone', async () => {
    await logOut()

    await logIn(person.email, person.pin)
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await storedToken()).toMatch(TOKEN_FORMAT)
    await logOut()

    await logIn(person.phone, person.pin)
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await storedToken()).toMatch(TOKEN_FORMAT)
  })

  it('sends a logged-in user on /loginn to /dashboard', async () => {
    await page.goto('/loginn')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await logOut()
  })

  it('refuses a wrong PIN with the docs/product.md#messages text', async () => {
    await logIn(person.email, '9999')
    await page.getByText('Invalid credentials. Please enter correct ID and password.').waitFor()
    expect(pathname()).toBe('/loginn')
    expect(await storedToken()).toBeNull()
    await shot('login-error')
  })

  it('resets a forgotten PIN with a mailed code and logs in with the new one', async () => {
    await page.goto('/loginn')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL((url) => url.pathname === '/enter-email')
    await page.getByLabel('Email', { exact: true }).fill(person.email)
    await shot('enter-email')
    const mailsBefore = e2e.product.smtp.messages.length
    await page.getByRole('button', { name: 'Send Code' }).click()

    await page.waitForURL((url) => url.pathname === '/enter-email-otp')
    expect(new URL(page.url()).searchParams.get('email')).toBe(person.email)
    await page.getByText(`Code has been sent to ${person.email}`).waitFor()
    await page.getByText(/Resend code in 00:(10|0\d)/).waitFor()
    await shot('enter-email-otp')
    const code = await e2e.product.smtp.waitForCode(person.email, { after: mailsBefore })
    await page.getByLabel('4-digit code', { exact: true }).fill(code)
    await page.getByRole('button', { name: 'Verify Account' }).click()

    await page.waitForURL((url) => url.pathname === '/update-password')
    expect(new URL(page.url()).searchParams.get('email')).toBe(person.email)
    await page.getByLabel('New password (4-digit PIN)', { exact: true }).fill(person.newPin)
    await page.getByLabel('Confirm password', { exact: true }).fill('0000')
    await page.getByRole('button', { name: 'Change Password' }).click()
    await page.getByText('Passwords do not match').waitFor()
    await shot('update-password')
    await page.getByLabel('Confirm password', { exact: true }).fill(person.newPin)
    await page.getByRole('button', { name: 'Change Password' }).click()
    await page.waitForURL((url) => url.pathname === '/loginn')

    await logIn(person.email, person.pin)
    await page.getByText('Invalid credentials. Please enter correct ID and password.').waitFor()

    await logIn(person.email, person.newPin)
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await storedToken()).toMatch(TOKEN_FORMAT)
  })

  it('walks an address with no account through the same reset screens, up to the 24-hour lock', async () => {
    await logOut()
    const nobody = `nobody${suffix}@example.com`
    await page.goto('/enter-email')
    await page.getByLabel('Email', { exact: true }).fill(nobody)
    await page.getByRole('button', { name: 'Send Code' }).click()
    await page.waitForURL((url) => url.pathname === '/enter-email-otp')
    await page.getByText(`Code has been sent to ${nobody}`).waitFor()

    const field = page.getByLabel('4-digit code', { exact: true })
    const verifyButton = page.getByRole('button', { name: 'Verify Account' })
    /** Types a code, sends it and waits for the inline answer `text`. */
    async function guess(code: string, text: string) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/verify-otp/'))
      await field.fill(code)
      await verifyButton.click()
      await answered
      await page.getByText(text).first().waitFor()
    }
    // The decoy code's 5 tries, then the server's reason, as for an account.
    for (let i = 0; i < 5; i += 1) await guess(String(1000 + i), 'Enter Correct OTP')
    await guess('2000', 'Too many wrong codes. Please request a new one.')
    await shot('enter-email-otp-too-many')
    // A new (decoy) code after the 10-second countdown; the 10th wrong code locks the reset.
    const resend = page.getByRole('button', { name: 'Resend Code' })
    await expect.poll(() => resend.isEnabled(), { timeout: 15_000 }).toBe(true)
    await resend.click()
    await page.getByText(/Resend code in 00:5\d/).waitFor()
    for (let i = 0; i < 4; i += 1) await guess(String(3000 + i), 'Enter Correct OTP')
    await guess('4000', 'Too many wrong codes. PIN reset is locked for 24 hours.')
    await shot('enter-email-otp-locked')
    expect(pathname()).toBe('/enter-email-otp')
    // Nothing was ever mailed to the address.
    expect(e2e.product.smtp.messages.filter((m) => m.to.includes(nobody))).toHaveLength(0)
  })
})
