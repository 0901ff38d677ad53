/**
 * One message per event and one balance, in real headless Chromium at 360×800: the reward
 * popup's balance is the card's; a wrong PIN shows exactly one message; an offline reload of the
 * dashboard shows no error toast; a result toast sits under the screen's title and the offline
 * banner, in the top half, clear of the actions at the screen's foot; a wrong OTP says the tries left, and the right code works in a
 * new browser session; the bonus popup speaks the app's language and its Get Started starts
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { logInThroughScreen, loggedInPhoneContext, phoneContext } from '../helpers/browser.ts'
import { createTestUser } from '../helpers/users.ts'
import { ApiRequests, appSettled, screenSettled, watchToaster } from '../helpers/screens.ts'

const e2e = productInChromiumForFile()
const contexts: BrowserContext[] = []

/** A phone page logged in as a new user with `views`, in `lang`, its service worker allowed. */
async function userPage(views: number, lang: 'en' | 'hi' = 'en'): Promise<Page> {
  const person = await createTestUser(e2e.product.app, { firstName: 'Meera Shah', views })
  const context = await loggedInPhoneContext(e2e.browser, e2e.product.baseUrl, person.token, {
    locale: lang === 'hi' ? 'hi-IN' : 'en-IN',
  })
  contexts.push(context)
  return context.newPage()
}

/** The result toasts on show (react-hot-toast's status elements inside its toaster). */
const toasts = (page: Page) => page.locator('[data-rht-toaster] [role=status]')

beforeAll(async () => {
  // Short videos: the reward moment comes seconds after Play.
  await e2e.product.app.db.updateTable('videos').set({ timer: 3 }).execute()
})

afterAll(async () => {
  for (const context of contexts) await context.close()
})

describe('one balance', () => {
  it("the reward popup's new balance is the card's, while it shows and after it closes", async () => {
    const page = await userPage(5)
    await page.goto('/dashboard')
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' })
    await dialog.getByTestId('reward-popup-balance').waitFor({ timeout: 30_000 })
    const popup = await dialog.getByTestId('reward-popup-balance').textContent()
    expect(popup).toMatch(/^[\d,]+ coins \(₹/)
    // The card behind it already shows the same figure.
    expect(await page.getByTestId('coin-balance').textContent()).toBe(popup)
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    expect(await page.getByTestId('coin-balance').textContent()).toBe(popup)
  })
})

describe('one message per event', () => {
  it('a login with a wrong PIN shows exactly one message', async () => {
    const person = await createTestUser(e2e.product.app, { pin: '2468' })
    const context = await phoneContext(e2e.browser, e2e.product.baseUrl)
    contexts.push(context)
    const page = await context.newPage()
    const toaster = watchToaster(page)
    await logInThroughScreen(page, person.email, '1357')
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe(
      'Invalid credentials. Please enter correct ID and password.',
    )
    // No toast was raised at all: the toaster comes with the first one, and was never asked for.
    await appSettled(page)
    expect(toaster.requested()).toBe(false)
    await expect(toasts(page).count()).resolves.toBe(0)
    await expect(page.getByRole('alert').count()).resolves.toBe(1)
    await expect(page.getByText('Login failed').count()).resolves.toBe(0)
  })

  it("a result toast sits under the title, clear of the screen's foot", async () => {
    const person = await createTestUser(e2e.product.app, { firstName: 'Meera Shah' })
    const context = await phoneContext(e2e.browser, e2e.product.baseUrl)
    contexts.push(context)
    const page = await context.newPage()
    await logInThroughScreen(page, person.email, person.pin)
    await page.waitForURL((url) => url.pathname === '/dashboard')
    const toast = toasts(page).filter({ hasText: 'Login successful!' })
    await toast.waitFor()
    const title = page.getByRole('heading', { level: 1 }).first()
    await title.waitFor()
    // Its entry transition ends where it stays.
    await page.waitForTimeout(500)
    const box = async (locator: Locator) => {
      const b = await locator.boundingBox()
      if (!b) throw new Error('not shown')
      return { top: b.y, bottom: b.y + b.height }
    }
    const shown = await box(toast)
    expect(shown.top).toBeGreaterThanOrEqual((await box(title)).bottom)
    expect(shown.bottom).toBeLessThan(400)
  })

  it('an offline reload of the dashboard shows the one banner and no error toast', async () => {
    const page = await userPage(5)
    const requests = new ApiRequests(page)
    await page.goto('/dashboard')
    await screenSettled(page, requests)
    await page.evaluate(() => navigator.serviceWorker.ready)
    // Once more online, so the service worker controls the page and keeps its answers.
    await page.reload()
    await screenSettled(page, requests)
    await page.context().setOffline(true)
    const toaster = watchToaster(page)
    await page.reload()
    await page.getByTestId('offline-notice').waitFor()
    await page.getByText('Hello, Meera Shah').waitFor()
    await page.getByText('Videos load when the connection returns.').waitFor()
    // No toast was raised: the toaster comes with the first one, and was never asked for.
    await appSettled(page)
    expect(toaster.requested()).toBe(false)
    await expect(toasts(page).count()).resolves.toBe(0)
    await expect(page.locator('.error-text').count()).resolves.toBe(0)
    await page.context().setOffline(false)
  })
})

describe('OTP screens', () => {
  it('a wrong reset code says the tries left, under the code only', async () => {
    const person = await createTestUser(e2e.product.app)
    const context = await phoneContext(e2e.browser, e2e.product.baseUrl)
    contexts.push(context)
    const page = await context.newPage()
    const sent = await e2e.product.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password/',
      payload: { email_id: person.email },
    })
    expect(sent.statusCode).toBe(200)
    const code = await e2e.product.smtp.waitForCode(person.email)
    const wrong = code === '0000' ? '1111' : '0000'
    await page.goto(`/enter-email-otp?email=${encodeURIComponent(person.email)}`)
    await page.getByLabel('4-digit code').fill(wrong)
    await page.getByRole('button', { name: 'Verify Account' }).click()
    await page.getByText('Enter Correct OTP. 4 tries left.').waitFor()
    await page.getByLabel('4-digit code').fill(wrong)
    await page.getByRole('button', { name: 'Verify Account' }).click()
    await page.getByText('Enter Correct OTP. 3 tries left.').waitFor()
    await expect(toasts(page).count()).resolves.toBe(0)
  })

  it('the signup code screen opened in a new browser session takes the right code', async () => {
    const email = `new${Date.now()}@example.com`
    const registered = await e2e.product.app.inject({
      method: 'POST',
      url: '/api/v1/user/registration/',
      payload: {
        phone_number: `9${String(Date.now()).slice(-9)}`,
        email,
        first_name: 'Ravi',
        password: '2468',
      },
    })
    expect(registered.statusCode).toBe(417)
    const code = await e2e.product.smtp.waitForCode(email)
    // A new session: nothing stored, no request id, no token.
    const context = await phoneContext(e2e.browser, e2e.product.baseUrl)
    contexts.push(context)
    const page = await context.newPage()
    await page.goto(`/verify-otp-signup?email=${encodeURIComponent(email)}`)
    await page.getByLabel('4-digit code').fill(code)
    await page.getByRole('button', { name: 'Verify Account' }).click()
    await page.waitForURL((url) => url.pathname === '/update-password')
  })
})

describe('the signup bonus popup', () => {
  it.each([
    ['en', 'Congratulations!', 'You have received a bonus of ₹100!', 'Get Started'],
    ['hi', 'बधाई हो!', 'आपको ₹100 का बोनस मिला है!', 'शुरू करें'],
  ] as const)(
    'in %s: the app’s language, and Get Started starts nothing',
    async (lang, title, text, start) => {
      const page = await userPage(0, lang)
      await page.goto('/dashboard')
      const dialog = page.getByRole('dialog', { name: title })
      await dialog.getByText(text).waitFor()
      await page.getByTestId('player-video').waitFor()
      await dialog.getByRole('button', { name: start }).click()
      await dialog.waitFor({ state: 'detached' })
      const video = page.getByTestId('player-video')
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
      expect(await page.getByTestId('player-timer').textContent()).toMatch(/^0:00 \//)
    },
  )
})
