/**
 * The operators' console end to end in real headless Chromium: an operator enrolled with `npm run
 * ops -- create-admin` logs in at /ops/ with the password and a TOTP code (a second login with
 * the same code is told the code was used), replaces the printed one-time password, selects an
 * order (named by its plan) and confirms it with the UTR the user entered, pays a withdrawal with
 * its payout UTR, finds a user by the start of an email and reads the ledger in rupees and coins,
 * finds both actions in the audit trail, switches a withdrawal condition off in the rules and sees
 * the user's help page follow. Every action that moves money or rules waits for its confirmation
 * (who, how much, before → after): Cancel sends nothing; what is sent carries an Idempotency-Key.
 * Saves
 * tests/screenshots/ops-*.png and console-*-after.png (into docs/screenshots/redesign/ with
 * DOC_SCREENSHOTS=1, the pictures the docs show).
 */
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generate } from 'otplib'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { runOpsCommand } from '../helpers/operators.ts'
import { grantCoins } from '../helpers/ledger.ts'
import { axeScan } from '../helpers/axe.ts'
import { scrollsSideways } from '../helpers/screens.ts'

const SHOTS = path.resolve('tests/screenshots')
const REDESIGN = process.env.DOC_SCREENSHOTS ? path.resolve('docs/screenshots/redesign') : SHOTS

const e2e = productInChromiumForFile({ rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0 } })
let page: Page
/** Every request the console page made that changes something (POST or PUT to the ops API). */
const changes: string[] = []
/** The Idempotency-Key each of those requests carried, by request (`POST /orders/X/confirm`). */
const keys = new Map<string, string | undefined>()

/** The changing requests so far whose path ends with `suffix` (`POST /orders/X/confirm`). */
const changesTo = (suffix: string) => changes.filter((c) => c.endsWith(suffix))

/** Waits for the confirmation dialog; checks focus moved into it. */
async function confirmation() {
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await expect(
    page.evaluate(() => document.activeElement?.closest('dialog') !== null),
  ).resolves.toBe(true)
  return dialog
}

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
  let earner: TestUser
  let planBuyer: TestUser
  let planName: string
  let planOrderId: string
  let firstCode: string
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

    const payer = await createTestUser(e2e.product.app, { firstName: 'Ravi Kumar' })
    const order = await call(
      'POST',
      '/api/v1/create-order/',
      payer.token,
      { amount: 99 },
      `e2e-${payer.id}`,
    )
    orderId = order.data.order_id as string
    await call('POST', `/api/v1/orders/${orderId}/utr/`, payer.token, { utr })

    planBuyer = await createTestUser(e2e.product.app, { firstName: 'Meena Iyer' })
    const plan = await e2e.product.app.db
      .selectFrom('membership_plans')
      .select(['id', 'membership_type', 'deposit_point'])
      .where('deposit_point', '!=', 'FREE')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    planName = plan.membership_type
    const planOrder = await call(
      'POST',
      '/api/v1/create-order/',
      planBuyer.token,
      { amount: Number(plan.deposit_point), membership_plan_id: plan.id },
      `plan-${planBuyer.id}`,
    )
    planOrderId = planOrder.data.order_id as string

    earner = await createTestUser(e2e.product.app, {
      platformFeePaid: true,
      views: 30,
      firstName: 'Asha Verma',
    })
    await grantCoins(e2e.product.app, earner.id, 200_000)
    const w = await call(
      'POST',
      '/api/v1/add-withdraw/',
      earner.token,
      { upi_id: 'earner@okaxis', amount: 1000, pin: earner.pin },
      `w-${earner.id}`,
    )
    withdrawalId = w.data.withdrawal_id as number

    const context = await e2e.browser.newContext({
      baseURL: e2e.product.baseUrl,
      viewport: { width: 1280, height: 800 },
    })
    page = await context.newPage()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (['POST', 'PUT'].includes(request.method()) && url.pathname.startsWith('/api/v1/ops/')) {
        const change = `${request.method()} ${url.pathname.slice('/api/v1/ops'.length)}`
        changes.push(change)
        keys.set(change, request.headers()['idempotency-key'])
      }
    })
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
    firstCode = await generate({ secret })
    await page.getByLabel('Authenticator code').fill(firstCode)
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

  it('tells a second login with the same authenticator code that the code was used', async () => {
    const other = await e2e.browser.newPage({ baseURL: e2e.product.baseUrl })
    await other.goto('/ops/')
    await other.getByLabel('Email').fill(email)
    await other.getByLabel('Password').fill('a long enough new password')
    await other.getByLabel('Authenticator code').fill(firstCode)
    await other.getByRole('button', { name: 'Log in' }).click()
    await other
      .getByRole('alert')
      .filter({ hasText: 'This authenticator code was already used to log in.' })
      .waitFor()
    await expect(
      other.getByText('Wrong email, password or authenticator code.').count(),
    ).resolves.toBe(0)
    await other.close()
  })

  it('shows the queues with header rows, the user, formatted amounts and relative times', async () => {
    const order = page.locator(`tr[data-order="${orderId}"]`)
    await order.waitFor()
    await expect(page.locator('table thead th:not([scope="col"])').count()).resolves.toBe(0)
    await expect(page.locator('table thead th[scope="col"]').count()).resolves.toBeGreaterThan(5)
    await expect(order.getByText('Ravi Kumar').isVisible()).resolves.toBe(true)
    await expect(order.getByRole('cell', { name: '₹99', exact: true }).count()).resolves.toBe(1)
    await expect(order.getByText('Pending', { exact: true }).isVisible()).resolves.toBe(true)
    // The date and time, the relative time beside it.
    const created = order.locator('time')
    await expect(created.getAttribute('datetime')).resolves.toMatch(/^\d{4}-\d\d-\d\dT/)
    await expect(created.textContent()).resolves.toMatch(
      /^\d{1,2} \w{3} 2\d{3}, \d{1,2}:\d\d [ap]m$/,
    )
    await expect(order.locator('.when .muted').textContent()).resolves.toMatch(
      /^(just now|\d+ (min|h|d) ago)$/,
    )
    // A plan's order says which plan, by name; no row carries inputs or buttons of its own.
    const planRow = page.locator(`tr[data-order="${planOrderId}"]`)
    await expect(
      planRow.getByRole('cell', { name: `${planName} plan`, exact: true }).count(),
    ).resolves.toBe(1)
    await expect(page.locator('table.queue tbody input').count()).resolves.toBe(0)
    await expect(page.locator('table.queue tbody button').count()).resolves.toBe(
      await page.locator('table.queue tbody tr').count(),
    )
    await planRow.getByRole('button', { name: `Order ${planOrderId}` }).click()
    const detail = page.getByRole('complementary', { name: `Order ${planOrderId}` })
    await detail.getByText(`${planName} plan`).first().waitFor()
    // Reject waits for a reason, and says so.
    const reject = detail.getByRole('button', { name: 'Reject order' })
    await expect(reject.isDisabled()).resolves.toBe(true)
    await expect(
      reject
        .getAttribute('aria-describedby')
        .then((id) => page.locator(`[id="${id}"]`).textContent()),
    ).resolves.toContain('Give a reason')
    // At 1280×800 every column (Status last) and both actions fit: nothing scrolls sideways.
    await expect(
      scrollsSideways(page, ['html', '.queue-list', '.queue-detail', '.actions-panel']),
    ).resolves.toEqual([])
    await expect(reject.boundingBox().then((b) => b && b.y + b.height <= 800)).resolves.toBe(true)
    await page.screenshot({ path: path.join(REDESIGN, 'console-orders-after.png') })
    await expect(axeScan(page), 'orders').resolves.toEqual([])

    await page.getByRole('button', { name: 'Withdrawals' }).click()
    const withdrawal = page.locator(`tr[data-withdrawal="${withdrawalId}"]`)
    await withdrawal.waitFor()
    await expect(page.locator('table thead th[scope="col"]').count()).resolves.toBeGreaterThan(5)
    await expect(withdrawal.getByText('Asha Verma').isVisible()).resolves.toBe(true)
    await expect(withdrawal.getByText(earner.email).isVisible()).resolves.toBe(true)
    await expect(
      withdrawal.getByRole('cell', { name: '₹1,000', exact: true }).count(),
    ).resolves.toBe(1)
    await expect(scrollsSideways(page, ['html', '.queue-list'])).resolves.toEqual([])
    await page.screenshot({ path: path.join(REDESIGN, 'console-withdrawals-after.png') })
    await expect(axeScan(page), 'withdrawals').resolves.toEqual([])
    await page.getByRole('button', { name: 'Orders' }).click()
  })

  it('confirms the order only once its confirmation is accepted; Cancel sends nothing', async () => {
    const row = page.locator(`tr[data-order="${orderId}"]`)
    await row.waitFor()
    await expect(row.getByText(utr, { exact: true }).isVisible()).resolves.toBe(true)
    await row.getByRole('button', { name: `Order ${orderId}` }).click()
    const detail = page.getByRole('complementary', { name: `Order ${orderId}` })
    await expect(detail.getByLabel('UTR from the bank statement').inputValue()).resolves.toBe(utr)
    await page.screenshot({ path: path.join(SHOTS, 'ops-orders.png') })
    const confirm = detail.getByRole('button', { name: 'Confirm payment' })
    await confirm.click()
    let dialog = await confirmation()
    await expect(dialog.textContent()).resolves.toContain('Ravi Kumar')
    await expect(dialog.textContent()).resolves.toContain('pending → confirmed')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    // Focus goes back to the button that opened it.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Confirm payment',
    )
    expect(changesTo(`/orders/${orderId}/confirm`)).toEqual([])

    await confirm.click()
    dialog = await confirmation()
    await dialog.getByRole('button', { name: 'Confirm order' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Order ${orderId} confirmed.` })
      .waitFor()
    expect(changesTo(`/orders/${orderId}/confirm`)).toEqual([`POST /orders/${orderId}/confirm`])
    expect(keys.get(`POST /orders/${orderId}/confirm`)).toMatch(/^[0-9a-f-]{36}$/)
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
    await row.getByRole('button', { name: `Withdrawal #${withdrawalId}` }).click()
    const detail = page.getByRole('complementary', { name: `Withdrawal #${withdrawalId}` })
    await detail.getByLabel('Payout UTR').fill('712345678901')
    await detail.getByRole('button', { name: 'Mark paid' }).click()
    const dialog = await confirmation()
    await expect(dialog.textContent()).resolves.toContain('₹1,000 to earner@okaxis')
    await expect(dialog.textContent()).resolves.toContain('requested → paid')
    expect(changesTo(`/withdrawals/${withdrawalId}/pay`)).toEqual([])
    await dialog.getByRole('button', { name: 'Mark paid' }).click()
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
    expect(changesTo(`/withdrawals/${withdrawalId}/pay`)).toHaveLength(1)
  })

  it('opens a withdrawal’s detail with every field and its audit rows', async () => {
    await page.getByLabel('Status').selectOption('paid')
    const row = page.locator(`tr[data-withdrawal="${withdrawalId}"]`)
    await row.getByRole('button', { name: `Withdrawal #${withdrawalId}` }).click()
    const panel = page.getByRole('complementary', { name: `Withdrawal #${withdrawalId}` })
    await panel.waitFor()
    const audit = panel.getByRole('table', { name: 'Audit trail' })
    await audit.getByRole('cell', { name: 'withdrawal.pay', exact: true }).waitFor()
    await expect(audit.getByText('status: requested → paid').count()).resolves.toBe(1)
    for (const field of ['Asha Verma', 'earner@okaxis', '712345678901', '₹1,000', 'Due'])
      await expect(panel.getByText(field).first().isVisible(), field).resolves.toBe(true)
    await page.screenshot({ path: path.join(REDESIGN, 'console-detail-after.png') })
    await expect(axeScan(page), 'detail').resolves.toEqual([])
    // A paid withdrawal has nothing left to do: no actions beside it.
    await expect(panel.getByRole('button').count()).resolves.toBe(0)
  })

  it('finds a user by the start of an email, and shows a plan by its name', async () => {
    await page.getByRole('button', { name: 'Users' }).click()
    // The start every test user's email shares: each is listed, with how it matched.
    const shared = earner.email.slice(0, `user${process.pid}`.length)
    await page.getByLabel('Email, phone, name or UPI ID (the start is enough)').fill(shared)
    await page.getByRole('button', { name: 'Find' }).click()
    const matches = page.getByRole('table', { name: 'Matching users' })
    for (const user of [earner, planBuyer])
      await matches.locator(`tr[data-user="${user.id}"]`).waitFor()
    await matches.getByRole('button', { name: `Meena Iyer, ${planBuyer.email}` }).click()
    const orders = page.getByRole('table', { name: 'Orders' })
    await orders.getByRole('cell', { name: `${planName} plan`, exact: true }).waitFor()
    // The first letters of one email open that user at once.
    await page
      .getByLabel('Email, phone, name or UPI ID (the start is enough)')
      .fill(earner.email.slice(0, earner.email.indexOf('@') - 1))
    await page.getByRole('button', { name: 'Find' }).click()
    await page.getByRole('heading', { name: 'Asha Verma' }).waitFor()
    await expect(matches.count()).resolves.toBe(0)
  })

  it('shows a user with labelled tables, kinds in words, rupees beside coins', async () => {
    const ledger = page.getByRole('table', { name: 'Ledger' })
    await ledger.waitFor()
    for (const name of ['Ledger', 'Orders', 'Withdrawals']) {
      const table = page.getByRole('table', { name })
      await expect(table.locator('thead th[scope="col"]').count(), name).resolves.toBeGreaterThan(4)
    }
    await expect(
      ledger.getByRole('cell', { name: 'Signup bonus', exact: true }).count(),
    ).resolves.toBe(1)
    await expect(ledger.getByText('signup_bonus').count()).resolves.toBe(0)
    await expect(
      ledger.getByRole('cell', { name: '+2,00,000', exact: true }).count(),
    ).resolves.toBe(1)
    await expect(
      ledger.getByRole('cell', { name: '-1,00,000', exact: true }).count(),
    ).resolves.toBe(1)
    for (const rupees of ['+₹2,000', '-₹1,000', '-₹1'])
      await expect(
        ledger.getByRole('cell', { name: rupees, exact: true }).count(),
        rupees,
      ).resolves.toBe(1)
    await expect(page.locator('.balance').textContent()).resolves.toBe('₹999 (99,900 coins)')
    await page.screenshot({ path: path.join(REDESIGN, 'console-user-after.png') })
    await expect(axeScan(page), 'user').resolves.toEqual([])
  })

  it('adjusts a balance only once the before → after is accepted; Cancel sends nothing', async () => {
    const adjust = page.getByRole('button', { name: 'Adjust balance' })
    // It waits for a reason, and says so.
    await expect(adjust.isDisabled()).resolves.toBe(true)
    await expect(page.locator('#user-actions-why').textContent()).resolves.toContain(
      'Give a reason',
    )
    await page.getByLabel('Reason', { exact: true }).fill('goodwill for a missed reward')
    await page.getByLabel('Coins to add (negative to take back)').fill('500')
    await adjust.click()
    let dialog = await confirmation()
    const summary = await dialog.textContent()
    expect(summary).toContain(`Asha Verma (${earner.email})`)
    expect(summary).toContain('₹999 (99,900 coins) → ₹1,004 (1,00,400 coins), +500 coins (₹5)')
    await page.screenshot({ path: path.join(REDESIGN, 'console-confirm-after.png') })
    await expect(axeScan(page), 'confirm').resolves.toEqual([])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(changesTo(`/users/${earner.id}/adjustments`)).toEqual([])
    const points = async () =>
      (
        await e2e.product.app.db
          .selectFrom('users')
          .select('points')
          .where('id', '=', earner.id)
          .executeTakeFirstOrThrow()
      ).points
    await expect(points()).resolves.toBe(99_900)

    await adjust.click()
    dialog = await confirmation()
    await dialog.getByRole('button', { name: 'Adjust balance' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: 'Balance adjusted: ₹1,004 (1,00,400 coins).' })
      .waitFor()
    expect(changesTo(`/users/${earner.id}/adjustments`)).toEqual([
      `POST /users/${earner.id}/adjustments`,
    ])
    expect(keys.get(`POST /users/${earner.id}/adjustments`)).toMatch(/^[0-9a-f-]{36}$/)
    await expect(points()).resolves.toBe(100_400)
    await page.locator('.balance').getByText('(1,00,400 coins)').waitFor()
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
    const save = page.getByRole('button', { name: 'Save rules' })
    await save.click()
    let dialog = await confirmation()
    // The diff: only the changed rule, old → new.
    const rows = dialog.locator('dt')
    await expect(rows.allTextContents()).resolves.toEqual([
      'Withdrawal minimum videos watched (0 = off)',
      'Reason',
    ])
    await expect(dialog.locator('dd').first().textContent()).resolves.toBe('25 → 0')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(changesTo('/rules')).toEqual([])

    await save.click()
    dialog = await confirmation()
    await dialog.getByRole('button', { name: 'Save rules' }).click()
    await page.getByRole('status').filter({ hasText: 'Rules saved.' }).waitFor()
    await page.getByRole('cell', { name: 'videos condition off for the festival' }).waitFor()
    expect(changesTo('/rules')).toEqual(['PUT /rules'])

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
