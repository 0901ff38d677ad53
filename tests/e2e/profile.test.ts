/**
 * Profile end to end in real headless Chromium at 360×800: log in, read the profile, edit it (with
 * a refused name first), add bank details whose IFSC resolves through our API and a local stand-in
 * for the Razorpay IFSC service, reach the confirmation page, see the prefill on return, and log
 * out (local storage cleared). Saves tests/screenshots/profile-*.png.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { logInThroughScreen, phoneContext } from '../helpers/browser.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { startIfscStandIn, type IfscStandIn } from '../helpers/ifsc-stand-in.ts'

const SHOTS = path.resolve('tests/screenshots')

let standIn: IfscStandIn
beforeAll(async () => {
  standIn = await startIfscStandIn()
})
afterAll(async () => {
  await standIn?.close()
})
const e2e = productInChromiumForFile(() => ({ ifscApiUrl: standIn.url }))
let context: BrowserContext
let page: Page
let person: TestUser

/** Saves the viewport (360×800) as tests/screenshots/profile-{name}.png. */
async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `profile-${name}.png`) })
}

const pathname = () => new URL(page.url()).pathname

describe('profile in Chromium (sqlite)', () => {
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true })
    person = await createTestUser(e2e.product.app, { firstName: 'Meera Iyer', pin: '4826' })
    context = await phoneContext(e2e.browser, e2e.product.baseUrl)
    page = await context.newPage()
  })

  afterAll(async () => {
    await context?.close()
  })

  it('logs in and shows the profile with +91 before the phone', async () => {
    await logInThroughScreen(page, person.email, person.pin)
    await page.waitForURL((url) => url.pathname === '/dashboard')

    await page.goto('/profile')
    await page.getByRole('heading', { name: 'Meera Iyer' }).waitFor()
    await page.getByText(`+91 ${person.phone}`).waitFor()
    await page.getByText(person.email, { exact: true }).waitFor()
    await page.getByText(person.referralId, { exact: true }).waitFor()
    // The profile's own Wallet link, not the tab bar's.
    await page.getByRole('main').getByRole('link', { name: 'Wallet' }).waitFor()
    await shot('profile')
    await page.screenshot({ path: path.join(SHOTS, 'profile-profile-full.png'), fullPage: true })
  })

  it('edits the profile: a refused name first, then saved and sent to /dashboard', async () => {
    await page.getByRole('link', { name: 'Edit Profile' }).click()
    await page.waitForURL((url) => url.pathname === '/edit-profile')
    const name = page.getByLabel('First Name')
    expect(await name.inputValue()).toBe('Meera Iyer')
    expect(await page.getByLabel('Phone').inputValue()).toBe(person.phone)
    await shot('edit-profile')

    await name.fill('Me3')
    await page.getByText('Invalid name. Only alphabets allowed, 3-30 characters.').waitFor()
    await page.getByLabel('Phone').fill('5123')
    await page.getByText('Invalid phone number. Must be 10 digits starting with 6-9.').waitFor()
    await shot('edit-profile-errors')

    // A number another account uses: the server's message is shown and nothing changes.
    const other = await createTestUser(e2e.product.app)
    await name.fill('Meera Krishnan')
    await page.getByLabel('Phone').fill(other.phone)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('This phone number is already used by another account.').waitFor()
    expect(pathname()).toBe('/edit-profile')
    await shot('edit-profile-phone-taken')

    const newPhone = `8${person.phone.slice(1)}`
    await name.fill('Meera Krishnan')
    await page.getByLabel('Phone').fill(newPhone)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.getByText('Profile updated successfully!').waitFor()

    const row = await e2e.product.app.db
      .selectFrom('users')
      .select(['first_name', 'phone_number'])
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ first_name: 'Meera Krishnan', phone_number: newPhone })
    person.phone = newPhone
  })

  it('shows the bank and branch once the IFSC resolves, and clears them for an unknown code', async () => {
    await page.goto('/profile')
    await page.getByRole('heading', { name: 'Meera Krishnan' }).waitFor()
    await page.getByRole('link', { name: 'Add Bank Details' }).click()
    await page.waitForURL((url) => url.pathname === '/add-bank-details')
    await page.getByLabel('Account Number', { exact: true }).waitFor()
    await shot('add-bank-details')

    await page.getByLabel('Account Number', { exact: true }).pressSequentially('5010-0123 4567 89')
    expect(await page.getByLabel('Account Number', { exact: true }).inputValue()).toBe(
      '50100123456789',
    )
    await page.getByLabel('Re-enter Account Number').pressSequentially('50100123456789')

    const ifsc = page.getByLabel('IFSC Code')
    await ifsc.pressSequentially('sbin0999999')
    await page.getByText('Invalid IFSC code or bank details not found.').waitFor()
    await shot('add-bank-details-unknown-ifsc')

    await ifsc.fill('')
    await ifsc.pressSequentially('hdfc0000001')
    expect(await ifsc.inputValue()).toBe('HDFC0000001')
    await page.getByText('SANDOZ HOUSE').waitFor()
    await page.getByText('HDFC Bank').waitFor()
    expect(await page.getByText('Invalid IFSC code or bank details not found.').count()).toBe(0)

    await page.getByLabel('Account Holder Name').pressSequentially('Meera Krishnan')
    expect(await page.getByLabel('Account Holder Name').inputValue()).toBe('MEERA KRISHNAN')
    await shot('add-bank-details-resolved')
    expect(standIn.hits.get('HDFC0000001')).toBe(1)
  })

  it('submits the bank details and reaches the confirmation page', async () => {
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/bank-details-confirmation')
    await page.getByRole('heading', { name: 'Bank Details Added Successfully!' }).waitFor()
    await page
      .getByText(
        'Your bank details have been successfully saved. You can now proceed with transactions.',
      )
      .waitFor()
    await shot('bank-details-confirmation')

    const saved = await e2e.product.app.db
      .selectFrom('bank_details')
      .selectAll()
      .where('user_id', '=', person.id)
      .executeTakeFirstOrThrow()
    expect(saved).toMatchObject({
      account_number: '50100123456789',
      ifsc: 'HDFC0000001',
      holder_name: 'MEERA KRISHNAN',
      bank: 'HDFC Bank',
      branch: 'SANDOZ HOUSE',
    })
    // The save resolved the IFSC from the cache: the stand-in was asked once in all.
    expect(standIn.hits.get('HDFC0000001')).toBe(1)

    await page.getByRole('link', { name: 'Back to Home' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
  })

  it('prefills the saved bank details with a toast', async () => {
    await page.goto('/add-bank-details')
    await page.getByText('Bank details fetched successfully!').waitFor()
    expect(await page.getByLabel('Account Number', { exact: true }).inputValue()).toBe(
      '50100123456789',
    )
    expect(await page.getByLabel('IFSC Code').inputValue()).toBe('HDFC0000001')
    expect(await page.getByLabel('Account Holder Name').inputValue()).toBe('MEERA KRISHNAN')
    await page.getByText('SANDOZ HOUSE').waitFor()
    await shot('add-bank-details-prefilled')
  })

  it('logs out from the profile: local storage is cleared and the visitor lands on /', async () => {
    await page.goto('/profile')
    await page.getByRole('heading', { name: 'Meera Krishnan' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull()
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
    await page.goto('/profile')
    await page.waitForURL((url) => url.pathname === '/loginn')
    expect(pathname()).toBe('/loginn')
  })

  it('serves the partners with their WebP logos (drawn from the SVGs) from the built PWA', async () => {
    const response = await page.request.get('/api/v1/our-partners/')
    expect(response.status()).toBe(200)
    const partners = (await response.json()) as Array<{ name: string; logo: string; link: string }>
    expect(partners.length).toBeGreaterThanOrEqual(4)
    for (const partner of partners) {
      const logo = await page.request.get(partner.logo)
      expect(logo.status()).toBe(200)
      expect(logo.headers()['content-type']).toContain('image/webp')
      // Its source SVG, which names the partner, sits beside it.
      const source = await page.request.get(partner.logo.replace(/\.webp$/, '.svg'))
      expect(await source.text()).toContain(partner.name)
    }
    // A plain page (no app) showing every logo, so the screenshot shows how they render.
    await page.setContent(
      `<body style="margin:16px;display:flex;flex-direction:column;gap:12px">${partners
        .map(
          (p) =>
            `<img src="${e2e.product.baseUrl}${p.logo}" alt="${p.name}" width="200" height="64">`,
        )
        .join('')}</body>`,
    )
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete && img.naturalWidth === 400),
    )
    await shot('partner-logos')
  })
})
