/**
 * The console's "Held for review" queue end to end in real headless Chromium, on the real API and
 * database: withdrawals the risk rules held (two accounts paid to one UPI ID, three accounts on
 * one phone) show with their reasons and linked accounts; an operator rejects one with its coins
 * returned, approves another to the payout queue and rejects a third with its coins forfeited,
 * each after a confirmation of what it changes; a viewer sees the queue without its actions; the
 * withdrawals queue shows the decision in the withdrawal's detail. Saves tests/screenshots/
 * ops-held.png (docs/screenshots/redesign/ops-held.png with DOC_SCREENSHOTS=1).
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { DEFAULT_RULES, formatIndianNumber } from '../../contract/rules.ts'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { assertLedgerBalanced, grantCoins } from '../helpers/ledger.ts'
import { axeScan } from '../helpers/axe.ts'
import { scrollsSideways } from '../helpers/screens.ts'
import { logInToConsole } from '../helpers/browser.ts'
import { appContext } from '../../server/context.ts'
import { payWithdrawal } from '../../server/earning/withdrawals.ts'

const SHOTS = path.resolve('tests/screenshots')
const REDESIGN = process.env.DOC_SCREENSHOTS ? path.resolve('docs/screenshots/redesign') : SHOTS

const e2e = productInChromiumForFile({ rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0 } })
const GRANT = 200_000
const RING_UPI = 'ring@okaxis'

let context: BrowserContext
let page: Page
/** Every request the console page made that changes something (POST or PUT to the ops API). */
const changes: string[] = []
const changesTo = (suffix: string) => changes.filter((c) => c.endsWith(suffix))

/** A user with the withdrawal conditions met and 2,00,000 coins. */
async function earner(firstName: string): Promise<TestUser> {
  const user = await createTestUser(e2e.product.app, {
    platformFeePaid: true,
    views: 30,
    firstName,
  })
  await grantCoins(e2e.product.app, user.id, GRANT)
  return user
}

/** Withdraws `amount` rupees to `upiId` as `user` through the API; resolves the withdrawal id. */
async function withdraw(user: TestUser, upiId: string, amount: number): Promise<number> {
  const res = await e2e.product.app.inject({
    method: 'POST',
    url: '/api/v1/add-withdraw/',
    headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': `held-${user.id}` },
    payload: { upi_id: upiId, amount, pin: user.pin },
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { data: { withdrawal_id: number } }).data.withdrawal_id
}

/** Withdrawal `id` as stored, with its review and its ledger rows. */
async function stored(id: number) {
  const db = e2e.product.app.db
  const w = await db
    .selectFrom('withdrawals')
    .select(['status', 'reason', 'coins', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const review = await db
    .selectFrom('withdrawal_reviews')
    .select(['decision', 'coins_returned', 'note'])
    .where('withdrawal_id', '=', id)
    .executeTakeFirst()
  const ledger = await db
    .selectFrom('ledger_entries')
    .select(['kind', 'coins', 'status'])
    .where('withdrawal_id', '=', id)
    .orderBy('id')
    .execute()
  const user = await db
    .selectFrom('users')
    .select('points')
    .where('id', '=', w.user_id)
    .executeTakeFirstOrThrow()
  return { ...w, review: review ?? null, ledger, points: user.points }
}

/** Selects held withdrawal `id` in the queue; resolves its detail beside the table. */
async function select(id: number) {
  await page
    .locator(`tr[data-withdrawal="${id}"]`)
    .getByRole('button', { name: `Withdrawal #${id}` })
    .click()
  const detail = page.getByRole('complementary', { name: `Withdrawal #${id}` })
  await detail.waitFor()
  return detail
}

/** Waits for the confirmation dialog; checks focus moved into it. */
async function confirmation() {
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await expect(
    page.evaluate(() => document.activeElement?.closest('dialog') !== null),
  ).resolves.toBe(true)
  return dialog
}

describe('held-for-review queue in Chromium', () => {
  const opsEmail = `held-ops${process.pid}@example.com`
  const viewerEmail = `held-viewer${process.pid}@example.com`
  let viewer: { password: string; totpSecret: string }
  let first: TestUser
  let second: TestUser
  let third: TestUser
  let phone: TestUser
  let sameDevice: TestUser[]
  /** Held: second (shared UPI ID), third (shared UPI ID), phone (shared device, overdue). */
  let secondId: number
  let thirdId: number
  let phoneId: number

  beforeAll(async () => {
    const app = e2e.product.app
    const op = await createTestOperator(app.db, opsEmail, 'operator')
    const view = await createTestOperator(app.db, viewerEmail, 'viewer')
    viewer = view

    // Two, then three accounts paid to one UPI ID: the first goes to the payout queue and is paid
    // before the others ask (a paid withdrawal is history: a later hold leaves it as it is); the
    // rest are held (riskPayoutAccounts 2).
    first = await earner('Kiran Rao')
    second = await earner('Meena Iyer')
    third = await earner('Sunil Das')
    const firstId = await withdraw(first, RING_UPI, 1000)
    expect((await stored(firstId)).status).toBe('requested')
    await payWithdrawal(appContext(app), firstId, 'UTR412345678901')
    secondId = await withdraw(second, RING_UPI, 1000)
    thirdId = await withdraw(third, RING_UPI, 1500)
    expect((await stored(firstId)).status).toBe('paid')

    // Three accounts seen on one phone (riskDeviceAccounts 3); this one's promise is already due.
    phone = await earner('Pooja Nair')
    sameDevice = [
      await createTestUser(app, { firstName: 'Device Two' }),
      await createTestUser(app, { firstName: 'Device Three' }),
    ]
    for (const u of [phone, ...sameDevice]) {
      await app.db
        .insertInto('account_events')
        .values({
          user_id: u.id,
          event: 'login',
          device_id: 'e2e-shared-phone-0001',
          address: '203.0.113.7',
          user_agent: 'Mozilla/5.0 (Linux; Android 14)',
          created_at: new Date().toISOString(),
        })
        .execute()
    }
    phoneId = await withdraw(phone, 'pooja@oksbi', 1000)
    await app.db
      .updateTable('withdrawals')
      .set({ due_at: new Date(Date.now() - 3600_000).toISOString() })
      .where('id', '=', phoneId)
      .execute()
    for (const id of [secondId, thirdId, phoneId]) expect((await stored(id)).status).toBe('held')

    context = await e2e.browser.newContext({
      baseURL: e2e.product.baseUrl,
      viewport: { width: 1280, height: 800 },
    })
    page = await context.newPage()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (['POST', 'PUT'].includes(request.method()) && url.pathname.startsWith('/api/v1/ops/'))
        changes.push(`${request.method()} ${url.pathname.slice('/api/v1/ops'.length)}`)
    })
    await logInToConsole(page, opsEmail, op)
  })

  afterAll(async () => {
    await context?.close()
  })

  it('counts the held withdrawals in the tab and lists each with its reasons and linked accounts', async () => {
    const tab = page.getByRole('button', { name: 'Held for review 3', exact: true })
    await tab.waitFor()
    await tab.click()
    await page.getByRole('heading', { name: 'Held for review', level: 1 }).waitFor()
    const rows = page.locator('tbody tr[data-withdrawal]')
    await page.locator(`tr[data-withdrawal="${thirdId}"]`).waitFor()
    // Overdue first, then by due date.
    await expect(
      rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-withdrawal')))),
    ).resolves.toEqual([phoneId, secondId, thirdId])

    const phoneRow = page.locator(`tr[data-withdrawal="${phoneId}"]`)
    await expect(phoneRow.getByText('Pooja Nair').isVisible()).resolves.toBe(true)
    await expect(phoneRow.getByText(`user #${phone.id}`).isVisible()).resolves.toBe(true)
    await expect(phoneRow.getByText('Overdue', { exact: true }).isVisible()).resolves.toBe(true)
    await expect(phoneRow.getByText('Shared device', { exact: true }).isVisible()).resolves.toBe(
      true,
    )
    await expect(
      phoneRow.getByRole('list', { name: 'Why it is held' }).textContent(),
    ).resolves.toMatch(/Shared device 3 accounts use one phone/)
    // The linked accounts are in the selected withdrawal's detail.
    const phoneLinks = (await select(phoneId)).getByRole('list', { name: 'Linked accounts' })
    await expect(phoneLinks.textContent()).resolves.toBe(
      `Same device: ${sameDevice[0]!.email} (#${sameDevice[0]!.id}), ${sameDevice[1]!.email} (#${sameDevice[1]!.id})`,
    )

    const secondRow = page.locator(`tr[data-withdrawal="${secondId}"]`)
    await expect(
      secondRow.getByRole('cell', { name: '₹1,000', exact: true }).count(),
    ).resolves.toBe(1)
    await expect(
      secondRow.getByRole('cell', { name: RING_UPI, exact: true }).count(),
    ).resolves.toBe(1)
    await expect(secondRow.getByText('Shared UPI ID', { exact: true }).isVisible()).resolves.toBe(
      true,
    )
    await expect(
      secondRow.getByText(`2 accounts are paid to one UPI ID ${RING_UPI}`).count(),
    ).resolves.toBe(1)
    await expect(
      (await select(secondId)).getByRole('list', { name: 'Linked accounts' }).textContent(),
    ).resolves.toBe(`Same UPI ID: ${first.email} (#${first.id})`)
    const thirdRow = page.locator(`tr[data-withdrawal="${thirdId}"]`)
    await expect(thirdRow.getByRole('cell', { name: '₹1,500', exact: true }).count()).resolves.toBe(
      1,
    )
    await expect(
      (await select(thirdId)).getByRole('list', { name: 'Linked accounts' }).textContent(),
    ).resolves.toBe(`Same UPI ID: ${first.email} (#${first.id}), ${second.email} (#${second.id})`)

    await page.screenshot({ path: path.join(REDESIGN, 'ops-held.png') })
    await expect(axeScan(page), 'held queue').resolves.toEqual([])
  })

  it('rejects a held withdrawal with its coins returned, after the before → after is accepted', async () => {
    const row = await select(secondId)
    const reject = row.getByRole('button', { name: 'Reject', exact: true })
    // At 1280×800 every column and both actions fit: nothing scrolls sideways, Reject is in view.
    await expect(
      scrollsSideways(page, ['html', '.queue-list', '.queue-detail', '.actions-panel']),
    ).resolves.toEqual([])
    const box = await reject.boundingBox()
    expect(box && box.y + box.height <= 800).toBe(true)
    // Reject waits for a reason, and says why.
    await expect(reject.isDisabled()).resolves.toBe(true)
    await expect(row.getByText('Give a reason of 3 characters or more').count()).resolves.toBe(2)
    await row.getByLabel('Reason to reject (the user sees it)').fill('One person with Kiran Rao')
    await expect(row.getByLabel('Forfeit the coins (terms broken)').isChecked()).resolves.toBe(
      false,
    )
    const w = await stored(secondId)
    await reject.click()
    let dialog = await confirmation()
    const summary = await dialog.textContent()
    expect(summary).toContain(`Meena Iyer (${second.email}), user #${second.id}`)
    expect(summary).toContain('held → rejected')
    expect(summary).toContain(`${formatIndianNumber(w.coins)} coins held → returned to balance`)
    expect(summary).toContain('One person with Kiran Rao')
    await expect(axeScan(page), 'reject confirmation').resolves.toEqual([])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(changesTo(`/withdrawals/${secondId}/reject`)).toEqual([])

    await reject.click()
    dialog = await confirmation()
    await dialog.getByRole('button', { name: 'Reject and return coins' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Withdrawal ${secondId} rejected; the coins went back.` })
      .waitFor()
    expect(changesTo(`/withdrawals/${secondId}/reject`)).toEqual([
      `POST /withdrawals/${secondId}/reject`,
    ])
    await expect(page.locator(`tr[data-withdrawal="${secondId}"]`).count()).resolves.toBe(0)

    const after = await stored(secondId)
    expect(after.status).toBe('rejected')
    expect(after.reason).toBe('One person with Kiran Rao')
    expect(after.review).toEqual({
      decision: 'rejected',
      coins_returned: w.coins,
      note: 'One person with Kiran Rao',
    })
    expect(after.ledger.filter((l) => l.kind === 'withdrawal_return')).toEqual([
      { kind: 'withdrawal_return', coins: w.coins, status: 'confirmed' },
    ])
    expect(after.points).toBe(GRANT)
    const audit = await e2e.product.app.db
      .selectFrom('audit_log')
      .select(['actor', 'reason'])
      .where('action', '=', 'withdrawal.reject')
      .where('entity_id', '=', String(secondId))
      .execute()
    expect(audit).toEqual([{ actor: opsEmail, reason: 'One person with Kiran Rao' }])
    await assertLedgerBalanced(e2e.product.app)
  })

  it('approves a held withdrawal to the payout queue, and the tab’s count follows', async () => {
    const row = await select(thirdId)
    await row.getByLabel('Reason to approve').fill('Family members, checked by phone')
    await row.getByRole('button', { name: 'Approve', exact: true }).click()
    const dialog = await confirmation()
    const summary = await dialog.textContent()
    expect(summary).toContain('held → requested (payout queue)')
    expect(summary).toContain(`₹1,500 to ${RING_UPI}`)
    await dialog.getByRole('button', { name: 'Approve to payout queue' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Withdrawal ${thirdId} approved: it is in the payout queue.` })
      .waitFor()
    await page.getByRole('button', { name: 'Held for review 1', exact: true }).waitFor()

    const after = await stored(thirdId)
    expect(after.status).toBe('requested')
    expect(after.review).toEqual({
      decision: 'approved',
      coins_returned: null,
      note: 'Family members, checked by phone',
    })
    // The coins stay held until the payout: no row returned them.
    expect(after.ledger.map((l) => `${l.kind}:${l.status}`)).not.toContain(
      'withdrawal_return:confirmed',
    )
    expect(after.points).toBe(GRANT - after.coins)
    await assertLedgerBalanced(e2e.product.app)
  })

  it('shows the decision in the withdrawals queue’s detail; a held one points to the review', async () => {
    await page.getByRole('button', { name: 'Withdrawals', exact: true }).click()
    await page.getByRole('heading', { name: 'Withdrawals', level: 1 }).waitFor()
    await page.getByLabel('Status').selectOption('held')
    await select(phoneId)
    await page.getByText('Decide it in the Held for review queue.').waitFor()
    await page.getByLabel('Status').selectOption('rejected')
    const row = page.locator(`tr[data-withdrawal="${secondId}"]`)
    await row.getByRole('button', { name: `Withdrawal #${secondId}` }).click()
    const panel = page.getByRole('complementary', { name: `Withdrawal #${secondId}` })
    await panel.waitFor()
    const field = (label: string) =>
      panel
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd')
        .textContent()
    await expect(field('Review')).resolves.toBe('Rejected')
    await expect(field('Reviewed by')).resolves.toBe(opsEmail)
    await expect(field('Review reason')).resolves.toBe('One person with Kiran Rao')
    await expect(field('Coins')).resolves.toMatch(/ coins returned to the balance$/)
    await expect(field('Why held')).resolves.toContain(`Same UPI ID: ${first.email}`)
  })

  it('opens a linked account in the user look-up', async () => {
    await page.getByRole('button', { name: 'Held for review 1', exact: true }).click()
    const row = await select(phoneId)
    await row.getByRole('button', { name: sameDevice[1]!.email, exact: true }).click()
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor()
    await page.getByRole('heading', { name: 'Device Three', level: 2 }).waitFor()
    await expect(
      page.getByLabel('Email, phone, name or UPI ID (the start is enough)').inputValue(),
    ).resolves.toBe(sameDevice[1]!.email)
  })

  it('groups the risk rules apart in the rules editor', async () => {
    await page.getByRole('button', { name: 'Rules', exact: true }).click()
    const group = page.getByRole('group', { name: 'Risk rules (never shown to users)' })
    await group.waitFor()
    await expect(
      group.getByLabel('Accounts on one device (0 = off)', { exact: true }).inputValue(),
    ).resolves.toBe('3')
    await expect(
      group.getByLabel('Withdrawal minimum videos watched (0 = off)').count(),
    ).resolves.toBe(0)
  })

  it('shows a viewer the held queue without its actions', async () => {
    const viewerContext = await e2e.browser.newContext({
      baseURL: e2e.product.baseUrl,
      viewport: { width: 1280, height: 800 },
    })
    const viewerPage = await viewerContext.newPage()
    await logInToConsole(viewerPage, viewerEmail, viewer)
    await viewerPage.getByRole('button', { name: 'Held for review 1', exact: true }).click()
    const row = viewerPage.locator(`tr[data-withdrawal="${phoneId}"]`)
    await row.getByText('Shared device', { exact: true }).waitFor()
    await row.getByRole('button', { name: `Withdrawal #${phoneId}` }).click()
    await viewerPage
      .getByRole('complementary', { name: `Withdrawal #${phoneId}` })
      .getByText('Why held')
      .waitFor()
    await expect(viewerPage.getByRole('columnheader', { name: 'Decision' }).count()).resolves.toBe(
      0,
    )
    await expect(viewerPage.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0)
    await expect(viewerPage.getByRole('button', { name: 'Reject' }).count()).resolves.toBe(0)
    await expect(viewerPage.getByRole('textbox').count()).resolves.toBe(0)
    await viewerContext.close()
  })

  it('rejects with the coins forfeited when the box is ticked, and then has nothing held', async () => {
    await page.getByRole('button', { name: 'Held for review 1', exact: true }).click()
    const row = await select(phoneId)
    await row.getByLabel('Reason to reject (the user sees it)').fill('Three accounts of one person')
    await row.getByLabel('Forfeit the coins (terms broken)').check()
    const w = await stored(phoneId)
    await row.getByRole('button', { name: 'Reject', exact: true }).click()
    const dialog = await confirmation()
    const summary = await dialog.textContent()
    expect(summary).toContain(`${formatIndianNumber(w.coins)} coins held → forfeited`)
    expect(summary).toContain(`${formatIndianNumber(GRANT - w.coins)} coins), unchanged`)
    await dialog.getByRole('button', { name: 'Reject and forfeit coins' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Withdrawal ${phoneId} rejected; the coins are forfeited.` })
      .waitFor()
    await page.getByText('Nothing held for review', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Held for review', exact: true }).waitFor()

    const after = await stored(phoneId)
    expect(after.status).toBe('rejected')
    expect(after.review).toEqual({
      decision: 'rejected',
      coins_returned: 0,
      note: 'Three accounts of one person',
    })
    expect(after.ledger.map((l) => l.kind)).not.toContain('withdrawal_return')
    expect(after.ledger.every((l) => l.status === 'confirmed')).toBe(true)
    expect(after.points).toBe(GRANT - w.coins)
    await assertLedgerBalanced(e2e.product.app)
  })
})
