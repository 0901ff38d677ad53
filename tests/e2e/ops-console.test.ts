/**
 * The operators' console end to end in real headless Chromium: an operator enrolled with `npm run
 * ops -- create-admin` logs in at /ops/ with the password and a TOTP code, replaces the printed
 * one-time password, confirms an order whose UTR the user entered, pays a withdrawal with its
 * payout UTR, and finds both in the audit trail, switches a withdrawal condition off in the rules
 * and sees the user's help page follow. Saves tests/screenshots/ops-*.png.
 */
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generate } from 'otplib'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { createTestUser } from '../helpers/users.ts'
import { runOpsCommand } from '../helpers/operators.ts'
import { grantCoins } from '../helpers/ledger.ts'

const SHOTS = path.resolve('tests/screenshots')

const e2e = productInChromiumForFile({ rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0 } })
let page: Page

/** An API call as `token`, through the running app. */
async function call(
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: unknown,
  key?: string,
) {
  const res = await e2e.product.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as Record<string, unknown>,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { data: Record<string, unknown> }
}

describe('operators console in Chromium', () => {
  let email: string
  let password: string
  let secret: string
  let orderId: string
  let withdrawalId: number
  const utr = '612345678901'

  beforeAll(async () => {
    email = `ops${process.pid}@example.com`
    const stdout = await runOpsCommand(
      e2e.product.databaseUrl,
      'create-admin',
      email,
      '--role',
      'operator',
    )
    password = /One-time password \(shown only now\): (\S+)/.exec(stdout)?.[1] as string
    secret = /otpauth:\/\/totp\/\S+[?&]secret=([A-Z2-7]+)/.exec(stdout)?.[1] as string
    expect(password && secret, stdout).toBeTruthy()

    const payer = await createTestUser(e2e.product.app)
    const order = await call(
      'POST',
      '/api/v1/create-order/',
      payer.token,
      { amount: 99 },
      `e2e-${payer.id}`,
    )
    orderId = order.data.order_id as string
    await call('POST', `/api/v1/orders/${orderId}/utr/`, payer.token, { utr })

    const earner = await createTestUser(e2e.product.app, { platformFeePaid: true, views: 30 })
    await grantCoins(e2e.product.app, earner.id, 200_000)
    const w = await call(
      'POST',
      '/api/v1/add-withdraw/',
      earner.token,
      { upi_id: 'earner@okaxis', amount: 1000 },
      `w-${earner.id}`,
    )
    withdrawalId = w.data.withdrawal_id as number

    const context = await e2e.browser.newContext({
      baseURL: e2e.product.baseUrl,
      viewport: { width: 1280, height: 800 },
    })
    page = await context.newPage()
  })

  it('logs in with the password and the authenticator code', async () => {
    await page.goto('/ops/')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByLabel('Authenticator code').fill('000000')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Wrong email, password or authenticator code.' })
      .waitFor()
    await page.getByLabel('Authenticator code').fill(await generate({ secret }))
    await page.getByRole('button', { name: 'Log in' }).click()
    // The printed password is for this first login only.
    await page.getByRole('heading', { name: 'Set your password' }).waitFor()
    await page.getByLabel('Current (one-time) password').fill(password)
    await page.getByLabel('New password', { exact: true }).fill('a long enough new password')
    await page.getByLabel('Repeat the new password').fill('a long enough new password')
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByRole('heading', { name: 'Orders' }).waitFor()
    await expect(page.getByText(`${email} (operator)`).isVisible()).resolves.toBe(true)
  })

  it('confirms the order with the UTR the user entered', async () => {
    const row = page.locator(`tr[data-order="${orderId}"]`)
    await expect(row.getByText(utr, { exact: true }).isVisible()).resolves.toBe(true)
    await expect(row.getByLabel(`UTR for ${orderId}`).inputValue()).resolves.toBe(utr)
    await page.screenshot({ path: path.join(SHOTS, 'ops-orders.png') })
    await row.getByRole('button', { name: 'Confirm' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Order ${orderId} confirmed.` })
      .waitFor()
    await expect(page.locator(`tr[data-order="${orderId}"]`).count()).resolves.toBe(0)
    const stored = await e2e.product.app.db
      .selectFrom('orders')
      .select(['status', 'upi_reference'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ status: 'confirmed', upi_reference: utr })
  })

  it('pays the withdrawal with the payout UTR', async () => {
    await page.getByRole('button', { name: 'Withdrawals' }).click()
    const row = page.locator(`tr[data-withdrawal="${withdrawalId}"]`)
    await row.waitFor()
    await row.getByLabel(`Payout UTR for withdrawal ${withdrawalId}`).fill('712345678901')
    await row.getByRole('button', { name: 'Pay' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Withdrawal ${withdrawalId} marked paid.` })
      .waitFor()
    const stored = await e2e.product.app.db
      .selectFrom('withdrawals')
      .select(['status', 'upi_reference'])
      .where('id', '=', withdrawalId)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ status: 'paid', upi_reference: '712345678901' })
  })

  it('shows both actions in the audit trail, by whom', async () => {
    await page.getByRole('button', { name: 'Audit' }).click()
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor()
    const table = page.locator('table')
    await table.getByText('withdrawal.pay').waitFor()
    await expect(table.getByText('order.confirm').isVisible()).resolves.toBe(true)
    for (const action of ['order.confirm', 'withdrawal.pay', 'operator.login']) {
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: action, exact: true }) })
      await expect(
        row.getByRole('cell', { name: email, exact: true }).count(),
        action,
      ).resolves.toBe(1)
    }
    await page.screenshot({ path: path.join(SHOTS, 'ops-audit.png') })
  })

  it('switches the videos condition off in the rules, and the user’s help page stops stating it', async () => {
    const userPage = await e2e.browser.newPage({ baseURL: e2e.product.baseUrl })
    await userPage.goto('/help-center')
    await userPage.getByText('At least 25 videos watched').first().waitFor()

    await page.getByRole('button', { name: 'Rules' }).click()
    await page.getByLabel('Withdrawal minimum videos watched (0 = off)').fill('0')
    await page.getByLabel('Reason for the change').fill('videos condition off for the festival')
    await page.getByRole('button', { name: 'Save rules' }).click()
    await page.getByRole('status').filter({ hasText: 'Rules saved.' }).waitFor()
    await page.getByRole('cell', { name: 'videos condition off for the festival' }).waitFor()

    const fresh = await e2e.browser.newPage({ baseURL: e2e.product.baseUrl })
    await fresh.goto('/help-center')
    await fresh
      .getByText(/A balance of at least ₹999/)
      .first()
      .waitFor()
    await expect
      .poll(() => fresh.getByText('At least 25 videos watched').count(), { timeout: 10_000 })
      .toBe(0)
    await fresh.screenshot({ path: path.join(SHOTS, 'ops-rules-help-center.png'), fullPage: true })
    await userPage.close()
    await fresh.close()
  })

  it('changes a plan’s withdrawal days in the Content tab', async () => {
    const plan = await e2e.product.app.db
      .selectFrom('membership_plans')
      .select(['id', 'withdrawl_days'])
      .where('deposit_point', '!=', 'FREE')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await page.getByRole('button', { name: 'Content' }).click()
    const field = page.getByLabel(`withdrawl_days of plan ${plan.id}`)
    await expect(field.inputValue()).resolves.toBe(String(plan.withdrawl_days))
    await field.fill(String(plan.withdrawl_days + 1))
    await page.getByRole('row').filter({ has: field }).getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    const stored = await e2e.product.app.db
      .selectFrom('membership_plans')
      .select('withdrawl_days')
      .where('id', '=', plan.id)
      .executeTakeFirstOrThrow()
    expect(stored.withdrawl_days).toBe(plan.withdrawl_days + 1)
  })
})
