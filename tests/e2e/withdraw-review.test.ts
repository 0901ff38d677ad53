/**
 * The withdraw form and its review sheet in real Chromium at 360×800, in English and in Hindi,
 * against the real API and database: `12.50`, `1e3`, `abc` and a 10-digit amount stay as typed,
 * say why and send nothing; a withdrawal sends nothing until Confirm on the review sheet; a UPI ID
 * the account never withdrew to asks for the PIN, a wrong PIN is refused in the sheet and counts
 * toward the login's guess budget, the right one sends it; the sheet passes the axe scan.
 * Screenshots of the form and the sheet go to /work/shots/withdraw/ when that folder exists.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { loggedInPhoneContext } from '../helpers/browser.ts'
import { createEligibleUser, type TestUser } from '../helpers/users.ts'
import { ApiRequests, screenSettled } from '../helpers/screens.ts'
import { axeScan, describeViolations } from '../helpers/axe.ts'
import { dueAt, formatDueDate } from '../../contract/payout-time.ts'

type Lang = 'en' | 'hi'

const e2e = productInChromiumForFile()
const contexts: BrowserContext[] = []
const SHOTS = '/work/shots/withdraw'

const HINDI = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../src/i18n/locales/hi.json'), 'utf8'),
) as Record<string, string>
/** The text a screen shows for an English message in `lang` (its `{placeholders}` filled). */
const say = (lang: Lang, english: string, values: Record<string, string> = {}): string =>
  (lang === 'hi' ? (HINDI[english] ?? english) : english).replace(
    /\{(\w+)\}/g,
    (whole, name: string) => values[name] ?? whole,
  )

afterAll(async () => {
  for (const context of contexts) await context.close()
})

/** A user who may withdraw: ₹1,500, videos watched, fee paid, three verified friends who watch. */
async function eligibleUser(): Promise<TestUser> {
  return createEligibleUser(e2e.product.app, {
    firstName: 'Asha',
    views: 40,
    friendViews: 25,
    coins: 1_50_000,
  })
}

/** /amount-withdraw logged in as `user` in `lang`, settled; every POST to add-withdraw is recorded. */
async function openForm(user: TestUser, lang: Lang): Promise<{ page: Page; posts: string[] }> {
  const context = await loggedInPhoneContext(e2e.browser, e2e.product.baseUrl, user.token, {
    locale: lang === 'hi' ? 'hi-IN' : 'en-IN',
    serviceWorkers: 'block',
  })
  contexts.push(context)
  const page = await context.newPage()
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/add-withdraw'))
      posts.push(request.postData() ?? '')
  })
  const requests = new ApiRequests(page)
  await page.goto('/amount-withdraw')
  await screenSettled(page, requests)
  await page.locator(`html[lang=${lang}]`).waitFor()
  await page.getByLabel(say(lang, 'Amount to withdraw')).waitFor()
  return { page, posts }
}

/** Saves a screenshot when the shots folder exists (a developer's check, not the test's). */
async function shot(page: Page, name: string): Promise<void> {
  if (fs.existsSync(SHOTS)) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) })
}

const wrongGuesses = async (user: TestUser) =>
  (
    await e2e.product.app.db
      .selectFrom('guess_budgets')
      .select('failed')
      .where('subject', '=', `pin:user:${user.id}`)
      .executeTakeFirst()
  )?.failed ?? 0

// Each language's user withdraws to its own UPI ID: accounts paid to one UPI ID are held for
// review (server/risk/assess.ts).
describe.each(['en', 'hi'] as const)('the withdraw form and review sheet in %s', (lang) => {
  it('keeps 12.50, 1e3, abc and a 10-digit amount as typed, says why, and sends nothing', async () => {
    const user = await eligibleUser()
    const { page, posts } = await openForm(user, lang)
    const amount = page.getByLabel(say(lang, 'Amount to withdraw'))
    expect(await amount.inputValue()).toBe('')
    await shot(page, `form-empty-${lang}`)
    await page.getByLabel('UPI ID').fill('asha@okaxis')
    const review = page.getByRole('button', { name: say(lang, 'Review withdrawal') })
    const cases = [
      ['12.50', 'Enter whole rupees only, without a decimal point (paise cannot be withdrawn).'],
      ['1e3', 'Type the amount in digits only, like 1000.'],
      ['abc', 'Type the amount in digits only, like 1000.'],
      ['1234567890', 'You can take at most {rupees}.'],
    ] as const
    for (const [typed, words] of cases) {
      await amount.fill(typed)
      const alert = page.getByRole('alert')
      await alert.waitFor()
      expect(await alert.textContent()).toBe(say(lang, words, { rupees: '₹1,500' }))
      expect(await amount.inputValue()).toBe(typed)
      expect(await review.isDisabled()).toBe(true)
      // Enter in the field submits the form: still nothing opens and nothing is sent.
      await amount.press('Enter')
      expect(await page.getByRole('dialog').count()).toBe(0)
      if (typed === '12.50') await shot(page, `form-decimal-${lang}`)
    }
    expect(posts).toEqual([])
    expect(
      await e2e.product.app.db
        .selectFrom('withdrawals')
        .select('id')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([])
  })

  it('sends nothing until Confirm; a new UPI ID asks for the PIN, a wrong one counts, the right one sends', async () => {
    const user = await eligibleUser()
    const { page, posts } = await openForm(user, lang)
    await page.getByRole('button', { name: new RegExp(say(lang, 'All')) }).click()
    expect(await page.getByLabel(say(lang, 'Amount to withdraw')).inputValue()).toBe('1500')
    await page.getByLabel(say(lang, 'Amount to withdraw')).fill('1000')
    await page.getByLabel('UPI ID').fill(`ravi.${lang}@okaxis`)
    await page
      .getByTestId('fee-line')
      .getByText(
        say(lang, 'Transfer fee: {fee}. You receive {rupees}', {
          fee: '₹1',
          rupees: '₹999',
        }),
      )
      .waitFor()
    await shot(page, `form-filled-${lang}`)
    await page.getByRole('button', { name: say(lang, 'Review withdrawal') }).click()
    const sheet = page.getByRole('dialog', { name: say(lang, 'Review your withdrawal') })
    await sheet.waitFor()
    const text = (await sheet.textContent()) ?? ''
    for (const part of ['₹1,000', '₹1', '₹999', `ravi.${lang}@okaxis`]) expect(text).toContain(part)
    // The plan's 7 days (the free plan's), as the date the server will store.
    if (lang === 'en')
      expect(text).toContain(`${formatDueDate(dueAt(new Date(), 7))} (within 7 days)`)
    else expect(text).toMatch(/7 .* के अंदर\)/)
    await sheet
      .getByText(
        say(lang, 'You have not withdrawn to this UPI ID before. Enter your PIN to confirm it.'),
      )
      .waitFor()
    expect(posts).toEqual([])
    await shot(page, `review-new-payee-${lang}`)
    const scan = await axeScan(page)
    expect(describeViolations(`review sheet (${lang})`, scan)).toEqual([])

    // Edit: back to the form, nothing sent.
    await sheet.getByRole('button', { name: say(lang, 'Edit') }).click()
    await sheet.waitFor({ state: 'detached' })
    expect(posts).toEqual([])

    await page.getByRole('button', { name: say(lang, 'Review withdrawal') }).click()
    await sheet.waitFor()
    const confirm = sheet.getByRole('button', { name: say(lang, 'Confirm withdrawal') })
    expect(await confirm.isDisabled()).toBe(true)
    await sheet.getByLabel(say(lang, 'Your 4-digit PIN')).fill('9999')
    await confirm.click()
    const refusal = sheet.getByRole('alert')
    await refusal.waitFor()
    expect(await refusal.textContent()).toBe(
      lang === 'hi'
        ? 'गलत PIN। अकाउंट लॉक होने से पहले 4 कोशिशें बाकी हैं।'
        : 'Wrong PIN. 4 tries left before your account is locked.',
    )
    await shot(page, `review-wrong-pin-${lang}`)
    expect(posts).toHaveLength(1)
    expect(await wrongGuesses(user)).toBe(1)

    await sheet.getByLabel(say(lang, 'Your 4-digit PIN')).fill(user.pin)
    await confirm.click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(posts).toHaveLength(2)
    expect(await wrongGuesses(user)).toBe(0)
    const rows = await e2e.product.app.db
      .selectFrom('withdrawals')
      .select(['amount', 'upi_id', 'status'])
      .where('user_id', '=', user.id)
      .execute()
    expect(rows).toEqual([{ amount: 999, upi_id: `ravi.${lang}@okaxis`, status: 'requested' }])
  })

  it('a known UPI ID, in another letter case, needs no PIN; the sheet still waits for Confirm', async () => {
    const user = await eligibleUser()
    const first = await fetch(`${e2e.product.baseUrl}/api/v1/add-withdraw/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${user.token}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ upi_id: `meera.${lang}@ybl`, amount: 100, pin: user.pin }),
    })
    expect(first.status).toBe(200)
    const { page, posts } = await openForm(user, lang)
    await page.getByLabel(say(lang, 'Amount to withdraw')).fill('200')
    await page.getByLabel('UPI ID').fill(`Meera.${lang.toUpperCase()}@YBL`)
    await page.getByRole('button', { name: say(lang, 'Review withdrawal') }).click()
    const sheet = page.getByRole('dialog', { name: say(lang, 'Review your withdrawal') })
    await sheet.waitFor()
    expect(await sheet.getByLabel(say(lang, 'Your 4-digit PIN')).count()).toBe(0)
    await shot(page, `review-known-payee-${lang}`)
    expect(posts).toEqual([])
    await sheet.getByRole('button', { name: say(lang, 'Confirm withdrawal') }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(posts).toHaveLength(1)
    expect(JSON.parse(posts[0] ?? '{}')).toEqual({
      upi_id: `Meera.${lang.toUpperCase()}@YBL`,
      amount: 199,
    })
  })
})
