// The payment promises (docs/product.md#rules, #transparency), on both engines: one open order per purpose and amount
// (reused, 24 h expiry, a cap, no fee order once the fee is paid), the result pages' neutral
// answers, the user's 12-digit UTR (validated, never all zeros, unique, checked on confirmation),
// payout deadlines from the best paid plan, the operator's payout queue, and the computed payout
// range.
import crypto from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createEligibleUser, createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, grantCoins, testClock } from '../helpers/ledger.ts'
import { appContext } from '../../server/context.ts'
import { MAX_OPEN_ORDERS } from '../../server/earning/orders.ts'
import { confirmOrder } from '../../server/earning/order-settlement.ts'
import { listWithdrawalQueue } from '../../server/ops/queues.ts'
import { UTR_ALL_ZEROS_MESSAGE } from '../../contract/utr.ts'

const DAY = 86_400

interface Plan {
  id: number
  membership_type: string
  deposit_point: string
  withdrawl_days: number
}
interface OrderData {
  order_id: string
  amount: number
  status: string
  utr: string | null
  reused: boolean
  expires_at: string
}

describe.each(ENGINES)('payment promises on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, { clock: clock.now })

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  const plans = async (user: TestUser) =>
    (await api.call('GET', '/api/v1/get-membership/', { token: user.token }))
      .body as unknown as Plan[]
  const paidPlans = async (user: TestUser) =>
    (await plans(user)).filter((p) => p.deposit_point !== 'FREE')
  const order = (user: TestUser, body: unknown, key?: string) =>
    api.call('POST', '/api/v1/create-order/', {
      token: user.token,
      body,
      headers: key ? { 'idempotency-key': key } : {},
    })
  const feeOrder = async (user: TestUser) => {
    const res = await order(user, { amount: 99, membership_plan_id: null })
    expect(res.status).toBe(200)
    return res.body.data as OrderData
  }
  const planOrder = async (user: TestUser, plan: Plan) => {
    const res = await order(user, {
      amount: Number(plan.deposit_point),
      membership_plan_id: plan.id,
    })
    expect(res.status).toBe(200)
    return res.body.data as OrderData
  }
  const readOrder = (user: TestUser, id: string) =>
    api.call('GET', `/api/v1/orders/${id}`, { token: user.token })
  const sendUtr = (user: TestUser, id: string, utr: unknown) =>
    api.call('POST', `/api/v1/orders/${id}/utr/`, { token: user.token, body: { utr } })
  const ordersOf = (user: TestUser) =>
    api.app.db.selectFrom('orders').selectAll().where('user_id', '=', user.id).execute()
  /** A fresh 12-digit UTR. */
  const newUtr = () =>
    String(crypto.randomInt(100_000, 999_999)) + String(crypto.randomInt(100_000, 999_999))

  describe('one order per payment', () => {
    it('reopening the fee page returns the same open order, with or without a new idempotency key', async () => {
      const user = await createTestUser(api.app)
      const first = await feeOrder(user)
      expect(first.reused).toBe(false)
      const again = await order(user, { amount: 99, membership_plan_id: null }, crypto.randomUUID())
      const third = await feeOrder(user)
      expect((again.body.data as OrderData).order_id).toBe(first.order_id)
      expect(third).toMatchObject({ order_id: first.order_id, reused: true, status: 'pending' })
      expect(await ordersOf(user)).toHaveLength(1)
    })

    it('five fee pages opened at once still make one order', async () => {
      const user = await createTestUser(api.app)
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => order(user, { amount: 99, membership_plan_id: null })),
      )
      const ids = new Set(answers.map((a) => (a.body.data as OrderData).order_id))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
      expect(ids.size).toBe(1)
      expect(await ordersOf(user)).toHaveLength(1)
    })

    it('a plan deposit and the fee are different payments: one open order each', async () => {
      const user = await createTestUser(api.app)
      const [plan] = await paidPlans(user)
      const fee = await feeOrder(user)
      const deposit = await planOrder(user, plan!)
      expect(deposit.order_id).not.toBe(fee.order_id)
      expect((await planOrder(user, plan!)).order_id).toBe(deposit.order_id)
      expect(await ordersOf(user)).toHaveLength(2)
    })

    it('an open order expires after 24 hours, reads as expired, and the next visit gets a new order', async () => {
      const user = await createTestUser(api.app)
      const first = await feeOrder(user)
      expect(first.expires_at).toBe(clock.iso(DAY))
      clock.advance(DAY - 1)
      expect((await feeOrder(user)).order_id).toBe(first.order_id)
      clock.advance(1)
      expect((await readOrder(user, first.order_id)).body.data).toMatchObject({ status: 'expired' })
      const second = await feeOrder(user)
      expect(second.order_id).not.toBe(first.order_id)
      const wallet = (await api.call('GET', '/api/v1/wallet/', { token: user.token })).body
        .data as { orders: { order_id: string; status: string }[] }
      expect(wallet.orders).toEqual([
        expect.objectContaining({ order_id: second.order_id, status: 'pending' }),
        expect.objectContaining({ order_id: first.order_id, status: 'expired' }),
      ])
    })

    it(`a user has at most ${MAX_OPEN_ORDERS} open orders; an expired one frees a place`, async () => {
      const user = await createTestUser(api.app)
      const paid = await paidPlans(user)
      expect(paid.length).toBeGreaterThan(MAX_OPEN_ORDERS)
      for (const plan of paid.slice(0, MAX_OPEN_ORDERS)) await planOrder(user, plan)
      const refused = await order(user, { amount: 99, membership_plan_id: null })
      expect(refused).toMatchObject({ status: 409, body: { code: 'TOO_MANY_OPEN_ORDERS' } })
      expect((refused.body.open_orders as string[]).length).toBe(MAX_OPEN_ORDERS)
      // Reopening one of the open payments still works.
      expect((await planOrder(user, paid[0]!)).reused).toBe(true)
      expect(await ordersOf(user)).toHaveLength(MAX_OPEN_ORDERS)
      clock.advance(DAY)
      expect((await feeOrder(user)).reused).toBe(false)
    })

    it('once the fee is confirmed, the other open fee order is cancelled and no fee order is made', async () => {
      const user = await createTestUser(api.app)
      const older = await feeOrder(user)
      clock.advance(DAY)
      const paid = await feeOrder(user)
      await confirmOrder(appContext(api.app), paid.order_id, 'FEE-PAID-1')
      const refused = await order(user, { amount: 99, membership_plan_id: null })
      expect(refused).toMatchObject({ status: 409, body: { code: 'FEE_ALREADY_PAID' } })
      const rows = await ordersOf(user)
      expect(rows.find((o) => o.order_id === older.order_id)?.status).toBe('cancelled')
      const wallet = (await api.call('GET', '/api/v1/wallet/', { token: user.token })).body
        .data as { orders: { purpose: string; status: string }[] }
      expect(
        wallet.orders.filter((o) => o.purpose === 'platform_fee').map((o) => o.status),
      ).toEqual(['confirmed', 'cancelled'])
      await expect(
        confirmOrder(appContext(api.app), older.order_id, 'FEE-PAID-2'),
      ).rejects.toMatchObject({ code: 'ORDER_CANCELLED' })
    })
  })

  describe('result pages read the server record', () => {
    it('an unknown and a foreign order get the same 404; a pending one reads pending with its real amount', async () => {
      const user = await createTestUser(api.app)
      const other = await createTestUser(api.app)
      const mine = await feeOrder(user)
      const unknown = await readOrder(user, 'FAKE')
      const foreign = await readOrder(other, mine.order_id)
      expect(unknown).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } })
      expect(foreign).toEqual(unknown)
      const pending = await readOrder(user, mine.order_id)
      expect(pending.body.data).toMatchObject({ status: 'pending', amount: 99, utr: null })
      // Without a token there is nothing to read.
      expect((await api.call('GET', `/api/v1/orders/${mine.order_id}`)).status).toBe(401)
    })

    it('GET /payment-result/ answers null for an unknown, a foreign and a guest’s order, and the real record for the owner', async () => {
      const user = await createTestUser(api.app)
      const other = await createTestUser(api.app)
      const mine = await feeOrder(user)
      const result = (token: string | undefined, id: string) =>
        api.call('GET', `/api/v1/payment-result/?order_id=${id}&amount=50000`, { token })
      for (const [token, id] of [
        [user.token, 'FAKE'],
        [other.token, mine.order_id],
        [undefined, mine.order_id],
        [user.token, ''],
      ] as const) {
        expect(await result(token, id), `${id} as ${token ?? 'guest'}`).toEqual({
          status: 200,
          body: { data: null },
        })
      }
      expect((await result(user.token, mine.order_id)).body.data).toEqual({
        order_id: mine.order_id,
        amount: 99,
        status: 'pending',
        method: 'UPI',
        upi_reference: null,
      })
      expect((await result('not-a-token', mine.order_id)).status).toBe(401)
    })
  })

  describe('the UPI reference (UTR)', () => {
    it('is 12 digits: other input is refused and nothing is stored', async () => {
      const user = await createTestUser(api.app)
      const mine = await feeOrder(user)
      for (const bad of ['12345678901', '1234567890123', 'ABCDEFGHIJKL', '', null, 12345]) {
        const res = await sendUtr(user, mine.order_id, bad)
        expect(res, String(bad)).toMatchObject({ status: 400, body: { code: 'VALIDATION' } })
      }
      expect((await ordersOf(user))[0]?.utr).toBeNull()
    })

    it('is never all zeros: 000000000000 is refused with its own message and changes nothing', async () => {
      const user = await createTestUser(api.app)
      const mine = await feeOrder(user)
      const good = newUtr()
      expect((await sendUtr(user, mine.order_id, good)).status).toBe(200)
      for (const zeros of ['000000000000', '0000 0000 0000', '0000-0000-0000']) {
        const res = await sendUtr(user, mine.order_id, zeros)
        expect(res, zeros).toEqual({
          status: 400,
          body: { message: UTR_ALL_ZEROS_MESSAGE, code: 'VALIDATION' },
        })
      }
      expect((await ordersOf(user))[0]).toMatchObject({ utr: good, status: 'pending' })
    })

    it('is stored on the order (spaces dropped), shown back, and may be corrected while pending', async () => {
      const user = await createTestUser(api.app)
      const mine = await feeOrder(user)
      const utr = newUtr()
      const spaced = `${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`
      const res = await sendUtr(user, mine.order_id, spaced)
      expect(res).toMatchObject({ status: 200, body: { data: { utr, status: 'pending' } } })
      expect((await readOrder(user, mine.order_id)).body.data).toMatchObject({ utr })
      const fixed = newUtr()
      expect((await sendUtr(user, mine.order_id, fixed)).body.data).toMatchObject({ utr: fixed })
      const row = (await ordersOf(user))[0]!
      expect(row).toMatchObject({ utr: fixed, utr_submitted_at: clock.iso() })
    })

    it('is unique across all orders, and another user cannot set one on my order', async () => {
      const user = await createTestUser(api.app)
      const other = await createTestUser(api.app)
      const mine = await feeOrder(user)
      const theirs = await feeOrder(other)
      const utr = newUtr()
      expect((await sendUtr(user, mine.order_id, utr)).status).toBe(200)
      expect(await sendUtr(user, mine.order_id, utr)).toMatchObject({ status: 200 })
      expect(await sendUtr(other, theirs.order_id, utr)).toMatchObject({
        status: 409,
        body: { code: 'UTR_ALREADY_USED' },
      })
      expect(await sendUtr(other, mine.order_id, newUtr())).toMatchObject({
        status: 404,
        body: { code: 'ORDER_NOT_FOUND' },
      })
    })

    it('an order is confirmed only with the UTR the user gave; a closed order takes no new UTR', async () => {
      const user = await createTestUser(api.app)
      const mine = await feeOrder(user)
      const utr = newUtr()
      await sendUtr(user, mine.order_id, utr)
      const ctx = appContext(api.app)
      await expect(confirmOrder(ctx, mine.order_id, newUtr())).rejects.toMatchObject({
        code: 'UTR_MISMATCH',
      })
      expect((await ordersOf(user))[0]?.status).toBe('pending')
      expect(await confirmOrder(ctx, mine.order_id, utr)).toMatchObject({ status: 'confirmed' })
      expect((await readOrder(user, mine.order_id)).body.data).toMatchObject({
        status: 'confirmed',
        upi_reference: utr,
        utr,
      })
      expect(await sendUtr(user, mine.order_id, newUtr())).toMatchObject({
        status: 409,
        body: { code: 'ORDER_NOT_OPEN' },
      })
    })

    it('an expired order still takes the UTR of a payment made in time, and reads pending again', async () => {
      const user = await createTestUser(api.app)
      const mine = await feeOrder(user)
      clock.advance(DAY + 60)
      expect((await readOrder(user, mine.order_id)).body.data).toMatchObject({ status: 'expired' })
      const res = await sendUtr(user, mine.order_id, newUtr())
      expect(res.body.data).toMatchObject({ status: 'pending' })
    })
  })

  describe('payout deadlines', () => {
    const eligibleUser = () => createEligibleUser(api.app)
    const withdraw = async (user: TestUser) => {
      const res = await api.call('POST', '/api/v1/add-withdraw/', {
        token: user.token,
        // One UPI ID per user: accounts paid to one UPI ID are held (risk rule shared_payout).
        body: { upi_id: `asha.k${user.id}@okaxis`, amount: 100, pin: user.pin },
        headers: { 'idempotency-key': crypto.randomUUID() },
      })
      expect(res.status).toBe(200)
      return res.body.data as { withdrawal_id: number; withdrawl_days: number; due_at: string }
    }
    const buy = async (user: TestUser, plan: Plan) => {
      const o = await planOrder(user, plan)
      await confirmOrder(appContext(api.app), o.order_id, `PLAN-${o.order_id}`)
    }

    it('is the free plan’s days without a paid plan, and the best paid plan’s days after deposits', async () => {
      const user = await eligibleUser()
      const all = await plans(user)
      const free = all.find((p) => p.deposit_point === 'FREE')!
      const paid = all.filter((p) => p.deposit_point !== 'FREE')
      const fast = paid.reduce((a, b) => (b.withdrawl_days < a.withdrawl_days ? b : a))
      const slow = paid.reduce((a, b) => (b.withdrawl_days > a.withdrawl_days ? b : a))
      expect(fast.withdrawl_days).toBeLessThan(slow.withdrawl_days)

      const onFree = await withdraw(user)
      expect(onFree).toMatchObject({
        withdrawl_days: free.withdrawl_days,
        due_at: clock.iso(free.withdrawl_days * DAY),
      })
      await buy(user, fast)
      await buy(user, slow) // the user's current plan now, but the faster one was paid for too
      const onPaid = await withdraw(user)
      expect(onPaid).toMatchObject({
        withdrawl_days: fast.withdrawl_days,
        due_at: clock.iso(fast.withdrawl_days * DAY),
      })
      const stored = await api.app.db
        .selectFrom('withdrawals')
        .select(['id', 'withdrawl_days', 'due_at'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute()
      expect(stored).toEqual([
        { id: onFree.withdrawal_id, withdrawl_days: free.withdrawl_days, due_at: onFree.due_at },
        { id: onPaid.withdrawal_id, withdrawl_days: fast.withdrawl_days, due_at: onPaid.due_at },
      ])
      const wallet = (await api.call('GET', '/api/v1/wallet/', { token: user.token })).body
        .data as { withdrawals: { id: number; due_at: string }[] }
      expect(wallet.withdrawals[0]).toMatchObject({
        id: onPaid.withdrawal_id,
        due_at: onPaid.due_at,
      })
    })

    it('orders the operator’s queue by due date, oldest first, and flags the overdue', async () => {
      const slowUser = await eligibleUser()
      const fastUser = await eligibleUser()
      const paid = await paidPlans(fastUser)
      const fast = paid.reduce((a, b) => (b.withdrawl_days < a.withdrawl_days ? b : a))
      await buy(fastUser, fast)
      const slow = await withdraw(slowUser) // free plan: due later
      clock.advance(60)
      const quick = await withdraw(fastUser) // requested later, due sooner
      const ctx = appContext(api.app)
      const ids = (rows: { id: number }[]) =>
        rows
          .map((r) => r.id)
          .filter((id) => id === slow.withdrawal_id || id === quick.withdrawal_id)
      const queue = (await listWithdrawalQueue(ctx, { limit: 200 })).rows
      expect(ids(queue)).toEqual([quick.withdrawal_id, slow.withdrawal_id])
      expect(queue.filter((r) => ids([r]).length > 0).every((r) => !r.overdue)).toBe(true)
      clock.advance(fast.withdrawl_days * DAY)
      const later = (await listWithdrawalQueue(ctx, { limit: 200 })).rows
      expect(later.find((r) => r.id === quick.withdrawal_id)?.overdue).toBe(true)
      expect(later.find((r) => r.id === slow.withdrawal_id)?.overdue).toBe(false)
    })

    it('GET /withdrawal-status/ reports each enforced condition, the payout days and the days to the minimum balance', async () => {
      const user = await createTestUser(api.app, { views: 3 })
      await grantCoins(api.app, user.id, 1_000)
      const friend = await createTestUser(api.app)
      await api.app.db
        .updateTable('users')
        .set({ referred_by: user.id })
        .where('id', '=', friend.id)
        .execute()
      const all = await plans(user)
      const free = all.find((p) => p.deposit_point === 'FREE')!
      const res = await api.call('GET', '/api/v1/withdrawal-status/', { token: user.token })
      expect(res.status).toBe(200)
      const data = res.body.data as {
        conditions: { key: string; met: boolean; have: number; need: number }[]
        eligible: boolean
        payout_days: number
        video_point: number
        daily_videos: number
        days_to_min_balance: number
      }
      expect(data.conditions).toEqual([
        { key: 'balance', have: 1_000, need: 99_900, met: false },
        { key: 'videos', have: 3, need: 25, met: false },
        { key: 'referrals', have: 1, need: 3, met: false },
        { key: 'platformFee', have: 0, need: 1, met: false },
      ])
      expect(data.eligible).toBe(false)
      expect(data.payout_days).toBe(free.withdrawl_days)
      const videos = await api.app.db.selectFrom('videos').select('id').execute()
      expect(data.daily_videos).toBe(videos.length)
      expect(data.days_to_min_balance).toBe(
        Math.ceil((99_900 - 1_000) / (data.video_point * videos.length)),
      )
      expect((await api.call('GET', '/api/v1/withdrawal-status/')).status).toBe(401)
    })

    it('GET /config/ serves the payout range computed from the plans', async () => {
      const user = await createTestUser(api.app)
      const days = (await plans(user)).map((p) => p.withdrawl_days)
      const res = await api.call('GET', '/api/v1/config/')
      const min = Math.min(...days)
      const max = Math.max(...days)
      expect((res.body.rules as { withdrawalTime: string }).withdrawalTime).toBe(
        `${min} to ${max} days`,
      )
    })
  })
})
