/**
 * Hindi and English, in Chromium against the real product: a browser that prefers Hindi gets the
 * landing drawn in Hindi (`lang="hi"`) from the first paint, hydrated without a mismatch; a
 * logged-in user turns the app to Hindi with the profile's switch, the choice holds on a reload and
 * on another screen, and the switch turns it back.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { phoneContext, storeAccessToken } from '../helpers/browser.ts'
import { createTestUser } from '../helpers/users.ts'

const e2e = productInChromiumForFile()

beforeAll(async () => {})

async function phone(locale: string) {
  const context = await phoneContext(e2e.browser, e2e.product.baseUrl, {
    locale,
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match/i.test(message.text()))
      problems.push(message.text())
  })
  return { context, page, problems }
}

describe('languages', () => {
  it('opens the landing in Hindi with lang="hi" when the browser prefers Hindi', async () => {
    const { context, page, problems } = await phone('hi-IN')
    // The page as the server sends it: already Hindi, before any JavaScript.
    const html = await (
      await page.request.get('/', { headers: { 'Accept-Language': 'hi-IN,hi;q=0.9' } })
    ).text()
    expect(html).toContain('<html lang="hi">')
    expect(html).toContain('नमस्ते, स्वागत है!')
    await page.goto('/')
    expect(await page.getAttribute('html', 'lang')).toBe('hi')
    await expect
      .poll(() => page.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed'))
      .toBe('true')
    await expect.poll(() => page.locator('h1').textContent()).toBe('नमस्ते, स्वागत है!')
    expect(await page.getAttribute('html', 'lang')).toBe('hi')
    expect(problems).toEqual([])
    await context.close()
  })

  it('turns a logged-in screen to Hindi with the profile’s switch, keeps it, and back', async () => {
    const user = await createTestUser(e2e.product.app)
    const { context, page, problems } = await phone('en-IN')
    await page.goto('/')
    await storeAccessToken(page, user.token)
    await page.goto('/profile')
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    await page.getByRole('button', { name: 'हिन्दी' }).click()
    await page.getByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('hi')
    expect(await page.title()).toContain('प्रोफ़ाइल')
    // The choice is kept: a reload and another screen stay in Hindi.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' }).waitFor()
    await page.goto('/wallet')
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('hi')
    await page.getByRole('button', { name: 'रीफ़्रेश करें' }).first().waitFor()
    await page.goto('/profile')
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    expect(problems).toEqual([])
    await context.close()
  })
})
