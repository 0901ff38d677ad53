// The review of held withdrawals (server/ops/withdrawal-review.ts) on both engines: a held one is
// listed with its findings and shown to the user as held with its due date unchanged; approved it
// joins the payout queue and pays; rejected its coins return, or with `forfeit` stay taken; each
// decision is audited once, a repeat changes nothing, a bad reason changes nothing, and pay/fail
// refuse a held or rejected one. The held gauge in /metrics follows. The ledger is checked after
// every test.
import crypto from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import type { TestUser } from '../helpers/users.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import type { HoldReview } from '../../contract/api/risk.ts'
import { freshUpiId, riskCalls } from './risk-helpers.ts'

const METRICS_TOKEN = 'risk-review-metrics'
const DAY = 86_400

interface QueueRow {
  id: number
  status: string
  overdue: boolean
  due_at: string | null
  review: HoldReview | null
}
interface WalletWithdrawal {
  id: number
  status: string
  due_at: string | null
  reason: string | null
}

describe.each(ENGINES)('held withdrawals under review on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    metricsToken: METRICS_TOKEN,
    rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0, withdrawMinVideos: 0 },
  })
  const { payoutReadyUser, withdraw, withdrawn, stored, operatorSession } = riskCalls(api)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  /**
   * A withdrawal of ₹500 (50,100 coins with the fee) held because a first user already withdrew to
   * the same UPI ID (rule shared_payout), with the user's balance before it.
   */
  const heldWithdrawal = async () => {
    const upiId = freshUpiId()
    const first = await payoutReadyUser()
    expect((await withdrawn(first, upiId)).row.status).toBe('requested')
    const user = await payoutReadyUser()
    const before = await points(user)
    const res = await withdraw(user, upiId, 500)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const data = res.body.data as { withdrawal_id: number; due_at: string }
    const id = data.withdrawal_id
    expect((await stored(id)).row.status).toBe('held')
    return { user, first, id, dueAt: data.due_at, before, upiId }
  }

  const points = async (user: TestUser) =>
    (
      await api.app.db
        .selectFrom('users')
        .select('points')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).points
  const ops = (token: string, id: number, action: string, body: Record<string, unknown>) =>
    api.call('POST', `/api/v1/ops/withdrawals/${id}/${action}`, { token, body })
  const queue = async (token: string, query: string) => {
    const res = await api.call('GET', `/api/v1/ops/withdrawals?${query}`, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.rows as QueueRow[]
  }
  const walletRow = async (user: TestUser, id: number) => {
    const res = await api.call('GET', '/api/v1/wallet/', { token: user.token })
    expect(res.status).toBe(200)
    const rows = (res.body.data as { withdrawals: WalletWithdrawal[] }).withdrawals
    return rows.find((w) => w.id === id)
  }
  const auditRows = (id: number) =>
    api.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute()
  const ledgerOf = (id: number) =>
    api.app.db
      .selectFrom('ledger_entries')
      .select(['kind', 'coins', 'status', 'description'])
      .where('withdrawal_id', '=', id)
      .orderBy('id')
      .execute()
  /** Everything a refused review action must leave as it was. */
  const state = async (id: number, user: TestUser) => ({
    stored: await stored(id),
    audit: await auditRows(id),
    ledger: await ledgerOf(id),
    points: await points(user),
  })
  const heldGauge = async () => {
    const res = await api.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    const found = res.body.match(/^watch_earn_held_withdrawals (\d+)$/m)
    expect(found, 'the held gauge in /metrics').not.toBeNull()
    return Number(found![1])
  }
  const heldInDb = async () =>
    (await api.app.db.selectFrom('withdrawals').select('id').where('status', '=', 'held').execute())
      .length
  const reference = () => String(crypto.randomInt(100_000_000_000, 999_999_999_999))

  it('lists a held withdrawal with its findings, shows the user "held" with the due date unchanged, and approving puts it in the payout queue once', async () => {
    const token = await operatorSession()
    const { user, first, id, dueAt } = await heldWithdrawal()

    const held = (await queue(token, 'status=held')).find((r) => r.id === id)
    expect(held).toMatchObject({ status: 'held', due_at: dueAt, overdue: false })
    expect(held!.review).toMatchObject({ decision: null, operator: null, note: null })
    expect(held!.review!.findings).toEqual([
      expect.objectContaining({
        rule: 'shared_payout',
        linked: [{ user_id: first.id, email: first.email, link: 'upi_id' }],
      }),
    ])
    expect((await queue(token, 'status=requested')).map((r) => r.id)).not.toContain(id)
    expect(await walletRow(user, id)).toMatchObject({ status: 'held', due_at: dueAt, reason: null })

    const approved = await ops(token, id, 'approve', { reason: 'Sisters sharing one UPI ID' })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body).toEqual({
      withdrawal_id: id,
      user_id: user.id,
      status: 'requested',
      coins_returned: 0,
      unchanged: false,
    })
    expect(await walletRow(user, id)).toMatchObject({ status: 'requested', due_at: dueAt })
    const payoutQueue = (await queue(token, 'status=requested')).find((r) => r.id === id)
    expect(payoutQueue?.review).toMatchObject({
      decision: 'approved',
      note: 'Sisters sharing one UPI ID',
      operator: expect.stringMatching(/^risk-operator-.+@example\.com$/),
    })
    expect((await queue(token, 'status=held')).map((r) => r.id)).not.toContain(id)
    const audit = await auditRows(id)
    expect(audit).toMatchObject([
      {
        action: 'withdrawal.approve',
        reason: 'Sisters sharing one UPI ID',
        before: JSON.stringify({ status: 'held' }),
        after: JSON.stringify({ status: 'requested' }),
      },
    ])

    // Approving again changes nothing and audits nothing.
    const again = await ops(token, id, 'approve', { reason: 'Sisters sharing one UPI ID' })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ status: 'requested', unchanged: true })
    expect(await auditRows(id)).toEqual(audit)
    // It is no longer held: it cannot be rejected on review.
    const reject = await ops(token, id, 'reject', { reason: 'Changed my mind' })
    expect(reject.status).toBe(409)
    expect(reject.body.code).toBe('WITHDRAWAL_NOT_HELD')

    const utr = reference()
    const paid = await ops(token, id, 'pay', { upi_reference: utr })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.body).toMatchObject({ status: 'paid', unchanged: false })
    expect(await walletRow(user, id)).toMatchObject({ status: 'paid', due_at: dueAt })
    expect(await ledgerOf(id)).toMatchObject([
      { kind: 'withdrawal_hold', coins: -50_000, status: 'confirmed' },
      { kind: 'transfer_fee', coins: -100, status: 'confirmed' },
    ])
    expect((await auditRows(id)).map((r) => r.action)).toEqual([
      'withdrawal.approve',
      'withdrawal.pay',
    ])
  })

  it('refuses to pay or fail a held withdrawal and changes nothing', async () => {
    const token = await operatorSession()
    const { user, id } = await heldWithdrawal()
    const before = await state(id, user)
    const pay = await ops(token, id, 'pay', { upi_reference: reference() })
    expect(pay.status).toBe(409)
    expect(pay.body.code).toBe('WITHDRAWAL_HELD')
    const fail = await ops(token, id, 'fail', { reason: 'UPI ID closed' })
    expect(fail.status).toBe(409)
    expect(fail.body.code).toBe('WITHDRAWAL_HELD')
    expect(await state(id, user)).toEqual(before)
  })

  it('rejects with the coins returned: a withdrawal_return row, the user sees "rejected" with the reason, audited once', async () => {
    const token = await operatorSession()
    const { user, id, dueAt, before } = await heldWithdrawal()
    expect(await points(user)).toBe(before - 50_100)
    const res = await ops(token, id, 'reject', { reason: 'Two accounts of one person' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({
      withdrawal_id: id,
      user_id: user.id,
      status: 'rejected',
      coins_returned: 50_100,
      unchanged: false,
    })
    expect(await points(user)).toBe(before)
    expect(await ledgerOf(id)).toMatchObject([
      { kind: 'withdrawal_hold', coins: -50_000, status: 'failed' },
      { kind: 'transfer_fee', coins: -100, status: 'failed' },
      {
        kind: 'withdrawal_return',
        coins: 50_100,
        status: 'confirmed',
        description: `Withdrawal #${id} rejected on review (Two accounts of one person): ₹501 returned`,
      },
    ])
    expect(await walletRow(user, id)).toMatchObject({
      status: 'rejected',
      due_at: dueAt,
      reason: 'Two accounts of one person',
    })
    const audit = await auditRows(id)
    expect(audit).toMatchObject([
      {
        action: 'withdrawal.reject',
        reason: 'Two accounts of one person',
        after: JSON.stringify({ status: 'rejected', coins_returned: 50_100, forfeit: false }),
      },
    ])
    expect((await stored(id)).review).toMatchObject({
      decision: 'rejected',
      coins_returned: 50_100,
      note: 'Two accounts of one person',
    })

    // Rejecting again returns nothing twice; approving, paying or failing it is refused.
    const again = await ops(token, id, 'reject', { reason: 'Two accounts of one person' })
    expect(again.body).toMatchObject({
      status: 'rejected',
      coins_returned: 50_100,
      unchanged: true,
    })
    const after = await state(id, user)
    expect(after.audit).toEqual(audit)
    const approve = await ops(token, id, 'approve', { reason: 'Second thoughts' })
    expect([approve.status, approve.body.code]).toEqual([409, 'WITHDRAWAL_NOT_HELD'])
    const pay = await ops(token, id, 'pay', { upi_reference: reference() })
    expect([pay.status, pay.body.code]).toEqual([409, 'WITHDRAWAL_REJECTED'])
    const fail = await ops(token, id, 'fail', { reason: 'UPI ID closed' })
    expect([fail.status, fail.body.code]).toEqual([409, 'WITHDRAWAL_REJECTED'])
    expect(await state(id, user)).toEqual(after)
  })

  it('rejects with forfeit: the hold rows are confirmed and say so, no coins return', async () => {
    const token = await operatorSession()
    const { user, id, before } = await heldWithdrawal()
    const res = await ops(token, id, 'reject', {
      reason: 'Scripted claims on five accounts',
      forfeit: true,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ status: 'rejected', coins_returned: 0, unchanged: false })
    expect(await points(user)).toBe(before - 50_100)
    const ledger = await ledgerOf(id)
    expect(ledger).toMatchObject([
      { kind: 'withdrawal_hold', coins: -50_000, status: 'confirmed' },
      { kind: 'transfer_fee', coins: -100, status: 'confirmed' },
    ])
    for (const row of ledger) {
      expect(row.description).toBe(
        `Withdrawal #${id} rejected on review, coins forfeited: Scripted claims on five accounts`,
      )
    }
    expect(await walletRow(user, id)).toMatchObject({
      status: 'rejected',
      reason: 'Scripted claims on five accounts',
    })
    expect(await auditRows(id)).toMatchObject([
      {
        action: 'withdrawal.reject',
        after: JSON.stringify({ status: 'rejected', coins_returned: 0, forfeit: true }),
      },
    ])
    expect((await stored(id)).review).toMatchObject({ decision: 'rejected', coins_returned: 0 })
  })

  it('refuses a bad reason with 400 and changes nothing', async () => {
    const token = await operatorSession()
    const { user, id } = await heldWithdrawal()
    const before = await state(id, user)
    for (const [action, body] of [
      ['approve', { reason: 'ok' }],
      ['approve', { reason: '   ' }],
      ['approve', {}],
      ['reject', { reason: 'no' }],
      ['reject', { reason: 'x'.repeat(501) }],
      ['reject', { forfeit: true }],
    ] as const) {
      const res = await ops(token, id, action, body)
      expect(res.status, `${action} ${JSON.stringify(body)}`).toBe(400)
      expect(res.body.code).toBe('VALIDATION')
    }
    expect(await state(id, user)).toEqual(before)
    expect(before.stored.row.status).toBe('held')
  })

  it('refuses to approve or reject a withdrawal that was never held (409), an unknown one (404), and a viewer (403)', async () => {
    const token = await operatorSession()
    const user = await payoutReadyUser()
    const { id, row } = await withdrawn(user)
    expect(row.status).toBe('requested')
    const before = await state(id, user)
    for (const action of ['approve', 'reject']) {
      const res = await ops(token, id, action, { reason: 'Looks fine to me' })
      expect([res.status, res.body.code]).toEqual([409, 'WITHDRAWAL_NOT_HELD'])
    }
    const unknown = await ops(token, 2_000_000, 'approve', { reason: 'Looks fine to me' })
    expect([unknown.status, unknown.body.code]).toEqual([404, 'WITHDRAWAL_NOT_FOUND'])
    // An id beyond a database integer is a bad request, never a lookup (a 500 on PostgreSQL).
    for (const action of ['approve', 'reject', 'fail']) {
      const huge = await ops(token, 99_999_999_999, action, { reason: 'Looks fine to me' })
      expect([huge.status, huge.body.code]).toEqual([400, 'VALIDATION'])
    }

    const held = await heldWithdrawal()
    const viewer = await operatorSession('viewer')
    const heldBefore = await state(held.id, held.user)
    for (const action of ['approve', 'reject']) {
      const res = await ops(viewer, held.id, action, { reason: 'Looks fine to me' })
      expect(res.status).toBe(403)
    }
    expect(await state(held.id, held.user)).toEqual(heldBefore)
    expect(await state(id, user)).toEqual(before)
  })

  it('reports the held withdrawals in /metrics', async () => {
    const token = await operatorSession()
    const { id } = await heldWithdrawal()
    const held = await heldInDb()
    expect(held).toBeGreaterThan(0)
    expect(await heldGauge()).toBe(held)
    expect((await ops(token, id, 'approve', { reason: 'Checked by phone' })).status).toBe(200)
    expect(await heldGauge()).toBe(held - 1)
  })

  // Last: it moves the clock past every due date.
  it('shows a held withdrawal past its due date as overdue, in the queue and in /metrics', async () => {
    const { id, dueAt } = await heldWithdrawal()
    clock.advance(8 * DAY)
    expect(clock.now().toISOString() > dueAt).toBe(true)
    const token = await operatorSession()
    expect((await queue(token, 'status=held')).find((r) => r.id === id)?.overdue).toBe(true)
    expect((await queue(token, 'status=all&overdue=true')).map((r) => r.id)).toContain(id)
    const res = await api.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    const overdue = Number(res.body.match(/^watch_earn_overdue_withdrawals (\d+)$/m)?.[1])
    const overdueInDb = await api.app.db
      .selectFrom('withdrawals')
      .select('id')
      .where('status', 'in', ['requested', 'held'])
      .where('due_at', '<=', clock.now().toISOString())
      .execute()
    expect(overdue).toBe(overdueInDb.length)
    expect(overdueInDb.map((r) => r.id)).toContain(id)
  })
})
