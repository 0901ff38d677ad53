/**
 * A withdrawal held for review, as its user sees it, in real headless Chromium at 360×800 on the
 * real API and database: a user another account already withdrew to the same UPI ID
 * (the `shared_payout` risk rule) logs in through the login screen, requests a withdrawal on the
 * form, and finds it in the wallet "under review" with the payout date the server stored; in Hindi
 * it reads "जाँच में" with that date. An operator rejects it through the console API with a reason:
 * the wallet shows it rejected with the reason and the returned coins as a ledger row. Along the
 * way, the login is recorded on a device the server chose, whose signed token the PWA keeps (in
 * IndexedDB) and sends as `X-Device-Token` after a reload, and the withdrawal's row names it too.
 * Saves tests/screenshots/under-review-*.png.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { generate } from 'otplib'
import { formatDueDate } from '../../contract/payout-time.ts'
import { readDeviceToken } from '../../server/accounts/device-tokens.ts'
import type { RiskFinding } from '../../contract/risk-rules.ts'
import type { AccountEvent } from '../../server/db/schema/risk.ts'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { phoneLoggedInThroughScreen } from '../helpers/browser.ts'
import { addReferredFriends, createTestUser, type TestUser } from '../helpers/users.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { assertLedgerBalanced, grantCoins } from '../helpers/ledger.ts'
import { ApiRequests, screenSettled } from '../helpers/screens.ts'

const SHOTS = path.resolve('tests/screenshots')
/** The UPI ID both accounts withdraw to. */
const SHARED_UPI = 'shared.payee@okaxis'
/** Each user's balance: ₹1,500. */
const GRANT = 150_000
const REASON = 'Same UPI ID as another account'

const e2e = productInChromiumForFile()
let context: BrowserContext
let page: Page
let person: TestUser

/** The wallet's only withdrawal row. */
const withdrawalRow = () => page.getByTestId('withdrawal-row')

/** A 360×800 screenshot with the wallet's withdrawal row scrolled into view. */
async function shot(name: string): Promise<void> {
  // Centred: at the viewport's edge the tab bar would cover it.
  await withdrawalRow().evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await page.screenshot({ path: path.join(SHOTS, `under-review-${name}.png`) })
}

/**
 * Makes `user` able to withdraw by the rules: videos watched, the platform fee paid, ₹1,500, and
 * three verified friends who watch (idle referrals would fire a risk rule of their own).
 */
async function makeEligible(user: TestUser): Promise<void> {
  const { app } = e2e.product
  await app.db
    .updateTable('users')
    .set({ views: 25, platform_fee_paid: 1 })
    .where('id', '=', user.id)
    .execute()
  await grantCoins(app, user.id, GRANT)
  await addReferredFriends(app, user, 3, { views: 25 })
}

/** The user's account events of `event`, oldest first. */
const accountEvents = (userId: number, event: AccountEvent) =>
  e2e.product.app.db
    .selectFrom('account_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('event', '=', event)
    .orderBy('id')
    .execute()

/** The user's only withdrawal as stored, with the findings that held it. */
async function storedWithdrawal(userId: number) {
  const rows = await e2e.product.app.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .execute()
  expect(rows).toHaveLength(1)
  const row = rows[0]!
  const review = await e2e.product.app.db
    .selectFrom('withdrawal_reviews')
    .selectAll()
    .where('withdrawal_id', '=', row.id)
    .executeTakeFirst()
  return { row, findings: review ? (JSON.parse(review.findings) as RiskFinding[]) : [] }
}

/** Opens the wallet and waits until it is drawn with every answer in. */
async function openWallet(): Promise<void> {
  const requests = new ApiRequests(page)
  await page.goto('/wallet')
  await screenSettled(page, requests)
}

/** Rejects withdrawal `id` as a console operator would: logged in, then the reject route. */
async function rejectAsOperator(id: number, reason: string): Promise<void> {
  const { app } = e2e.product
  const now = new Date()
  const enrolment = await createTestOperator(
    app.db,
    `reviewer-${crypto.randomBytes(4).toString('hex')}@example.com`,
    'operator',
    now,
  )
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/ops/login',
    payload: {
      email: enrolment.operator.email,
      password: enrolment.password,
      totp: await generate({
        secret: enrolment.totpSecret,
        epoch: Math.floor(now.getTime() / 1000),
      }),
    },
  })
  expect(login.statusCode, login.body).toBe(200)
  const token = (login.json() as { token: string }).token
  const rejected = await app.inject({
    method: 'POST',
    url: `/api/v1/ops/withdrawals/${id}/reject`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `reject-${id}` },
    payload: { reason },
  })
  expect(rejected.statusCode, rejected.body).toBe(200)
  expect(rejected.json()).toMatchObject({ status: 'rejected', coins_returned: 100_000 })
}

describe('a withdrawal under review, in the wallet (sqlite)', () => {
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true })
    const { app } = e2e.product
    // Another account already withdrew to the UPI ID, through the API: that one is not held.
    const other = await createTestUser(app, { firstName: 'Kiran Rao' })
    await makeEligible(other)
    const first = await app.inject({
      method: 'POST',
      url: '/api/v1/add-withdraw/',
      headers: { authorization: `Bearer ${other.token}`, 'idempotency-key': crypto.randomUUID() },
      payload: { upi_id: SHARED_UPI, amount: 500, pin: other.pin },
    })
    expect(first.statusCode, first.body).toBe(200)
    expect((await storedWithdrawal(other.id)).row.status).toBe('requested')

    person = await createTestUser(app, { firstName: 'Meera Shah', pin: '2468' })
    await makeEligible(person)
    const phone = await phoneLoggedInThroughScreen(e2e.browser, e2e.product.baseUrl, person)
    context = phone.context
    page = phone.page
  })

  afterEach(async () => {
    await assertLedgerBalanced(e2e.product.app)
  })

  afterAll(async () => {
    await context?.close()
  })

  it('records the login on a device the server chose, whose token the app sends after a reload', async () => {
    const logins = await accountEvents(person.id, 'login')
    expect(logins).toHaveLength(1)
    const device = logins[0]!.device_id
    expect(device).not.toBeNull()

    // After a reload the app reads the token back from IndexedDB and sends it. (The entry
    // script's early GETs of a cold start go without it, by design: src/lib/api-client.ts; a
    // screen opened in the app asks through the client, which adds it.)
    const requests = new ApiRequests(page)
    await page.reload()
    await screenSettled(page, requests)
    const walletGet = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/v1/wallet/',
    )
    await page.getByRole('navigation').getByRole('link', { name: 'Wallet' }).click()
    await page.waitForURL((url) => url.pathname === '/wallet')
    const token = (await walletGet).headers()['x-device-token']
    expect(readDeviceToken(e2e.product.app.deviceTokenKey, token, new Date())).toEqual({
      deviceId: device,
      userIds: [person.id],
    })
  })

  it('requests a withdrawal to a UPI ID another account uses and sees it under review, due as stored', async () => {
    await openWallet()
    await page.getByRole('link', { name: 'Withdraw', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/amount-withdraw')
    const amount = page.getByLabel('Amount to withdraw')
    await page.getByRole('button', { name: /All/ }).getByText('₹1,500').waitFor()
    await amount.fill('1000')
    await page.getByLabel('UPI ID').fill(SHARED_UPI)
    await page.getByTestId('fee-line').getByText('Transfer fee: ₹1. You receive ₹999').waitFor()
    await page.getByRole('button', { name: 'Review withdrawal' }).click()
    // A UPI ID this account never withdrew to: confirmed with the PIN on the review sheet.
    const sheet = page.getByRole('dialog', { name: 'Review your withdrawal' })
    await sheet.getByLabel('Your 4-digit PIN').fill(person.pin)
    await sheet.getByRole('button', { name: 'Confirm withdrawal' }).click()
    // The same answer as for any withdrawal: nothing tells the user a rule fired.
    await page.getByText('Withdrawal request submitted successfully!').waitFor()

    // Stored held, for the shared UPI ID, with its due date; from the device that logged in.
    const { row, findings } = await storedWithdrawal(person.id)
    expect(row).toMatchObject({ status: 'held', amount: 999, fee: 1, upi_id: SHARED_UPI })
    expect(findings.map((f) => f.rule)).toEqual(['shared_payout'])
    expect(row.due_at).not.toBeNull()
    const due = row.due_at!
    const [login] = await accountEvents(person.id, 'login')
    const withdrawals = await accountEvents(person.id, 'withdrawal')
    expect(withdrawals.map((w) => w.device_id)).toEqual([login!.device_id])

    await openWallet()
    const held = withdrawalRow()
    await held.getByText('To shared.payee@okaxis').waitFor()
    await expect(held.locator('[data-status]').textContent()).resolves.toBe('under review')
    await expect(held.getByTestId('payout-due').textContent()).resolves.toBe(
      `expected by ${formatDueDate(due)}`,
    )
    await expect(held.getByTestId('operator-reason').count()).resolves.toBe(0)
    // The held coins (₹999 and the ₹1 fee) are out of the balance while it is reviewed.
    await page.getByTestId('wallet-balance').getByText('₹500 (50,000 coins)').waitFor()
    await shot('held')
  })

  it('reads "जाँच में" with the same date in Hindi, then rejected with the reason and the coins back', async () => {
    const { row } = await storedWithdrawal(person.id)
    const due = row.due_at!

    // The language switch on the profile, as a user changes it.
    const requests = new ApiRequests(page)
    await page.goto('/profile')
    await screenSettled(page, requests)
    await page.getByRole('button', { name: 'हिन्दी' }).click()
    await page.locator('html[lang=hi]').waitFor()
    await openWallet()
    const held = withdrawalRow()
    await expect(held.locator('[data-status]').textContent()).resolves.toBe('जाँच में')
    // The day as the page's Hindi formats it, of the stored date in India's time.
    const hindiDay = await page.evaluate(
      ({ iso, withYear }) =>
        new Date(iso).toLocaleDateString('hi-IN', {
          day: 'numeric',
          month: 'short',
          year: withYear ? 'numeric' : undefined,
          timeZone: 'Asia/Kolkata',
        }),
      { iso: due, withYear: formatDueDate(due).split(' ').length === 3 },
    )
    await expect(held.getByTestId('payout-due').textContent()).resolves.toBe(
      `${hindiDay} तक आने की उम्मीद`,
    )
    await shot('held-hi')

    await rejectAsOperator(row.id, REASON)
    await openWallet()
    const rejected = withdrawalRow()
    await expect(rejected.locator('[data-status]').textContent()).resolves.toBe('अस्वीकार')
    await expect(rejected.getByTestId('operator-reason').textContent()).resolves.toBe(
      `हमारी टीम का बताया कारण: ${REASON}`,
    )
    await expect(rejected.getByTestId('payout-due').count()).resolves.toBe(0)

    // Back in English: rejected, the reason, the coins returned as a ledger row.
    await page.goto('/profile')
    await page.getByRole('button', { name: 'English' }).click()
    await page.locator('html[lang=en]').waitFor()
    await openWallet()
    await expect(rejected.locator('[data-status]').textContent()).resolves.toBe('rejected')
    await expect(rejected.getByTestId('operator-reason').textContent()).resolves.toBe(
      `Reason given by our team: ${REASON}`,
    )
    await expect(rejected.getByTestId('payout-due').count()).resolves.toBe(0)
    const returned = page
      .getByTestId('ledger-row')
      .filter({ hasText: `Withdrawal #${row.id} rejected on review` })
    await expect(returned.count()).resolves.toBe(1)
    await expect(returned.locator('.list-row-amount').textContent()).resolves.toBe(
      '+₹1,000 (1,00,000 coins)',
    )
    await expect(returned.locator('[data-status]').textContent()).resolves.toBe('confirmed')
    await page.getByTestId('wallet-balance').getByText('₹1,500 (1,50,000 coins)').waitFor()
    await shot('rejected')
  })
})
