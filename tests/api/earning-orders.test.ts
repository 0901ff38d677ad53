// Orders for plans and the platform fee, UPI payees, confirmation and rejection by the ops
// functions (docs/product.md#operators), on both engines; the ledger is checked after every test. The webhook
// is tested in earning-webhook.test.ts, one order per payment and UTRs in earning-payment-promises.
import crypto from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { appContext } from '../../server/context.ts'
import { confirmOrder, rejectOrder } from '../../server/earning/order-settlement.ts'

describe.each(ENGINES)('orders, UPI and the payment webhook on %s', (engine) => {
  const clock = testClock()
  const overrides = { clock: clock.now }
  const api = withApi(engine, overrides)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  const plans = async (user: TestUser) =>
    (await api.call('GET', '/api/v1/get-membership/', { token: user.token })).body as unknown as {
      id: number
      membership_type: string
      video_point: number
      deposit_point: string
    }[]
  const paidPlan = async (user: TestUser) =>
    (await plans(user)).find((p) => p.deposit_point !== 'FREE')!
  const createOrder = (user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
    api.call('POST', '/api/v1/create-order/', { token: user.token, body, headers })
  const userRow = (user: TestUser) =>
    api.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()

  it('creates a pending membership order for the plan deposit', async () => {
    const user = await createTestUser(api.app)
    const plan = await paidPlan(user)
    const res = await createOrder(user, {
      amount: Number(plan.deposit_point),
      membership_plan_id: plan.id,
    })
    expect(res.status).toBe(200)
    const data = res.body.data as Record<string, unknown>
    expect(data).toMatchObject({
      amount: Number(plan.deposit_point),
      membership_plan_id: plan.id,
      purpose: 'membership',
      status: 'pending',
    })
    expect(data.order_id).toMatch(/^WE[0-9A-F]{16}$/)
    // Manual UPI: the payment session is the order itself.
    expect(data.payment_session_id).toBe(data.order_id)
    expect(data.link_url).toBe(
      `/m-payment?deposit=${plan.deposit_point}&membership_plan_id=${plan.id}&order_id=${data.order_id}`,
    )
    const read = await api.call('GET', `/api/v1/orders/${data.order_id}`, { token: user.token })
    expect(read.status).toBe(200)
    expect(read.body.data).toEqual({
      order_id: data.order_id,
      amount: Number(plan.deposit_point),
      status: 'pending',
      purpose: 'membership',
      membership_plan_id: plan.id,
      upi_reference: null,
      utr: null,
      created_at: clock.iso(),
      expires_at: clock.iso(24 * 3600),
    })
    const other = await createTestUser(api.app)
    expect(
      (await api.call('GET', `/api/v1/orders/${data.order_id}`, { token: other.token })).status,
    ).toBe(404)
  })

  it('refuses a wrong amount, the free plan and an unknown plan, creating nothing', async () => {
    const user = await createTestUser(api.app)
    const all = await plans(user)
    const plan = all.find((p) => p.deposit_point !== 'FREE')!
    const free = all.find((p) => p.deposit_point === 'FREE')!
    const wrong = await createOrder(user, {
      amount: Number(plan.deposit_point) + 1,
      membership_plan_id: plan.id,
    })
    expect(wrong).toMatchObject({ status: 400, body: { code: 'AMOUNT_MISMATCH' } })
    expect((await createOrder(user, { amount: 10, membership_plan_id: free.id })).status).toBe(400)
    const unknown = await createOrder(user, { amount: 10, membership_plan_id: 99_999 })
    expect(unknown).toMatchObject({ status: 400, body: { code: 'PLAN_NOT_FOUND' } })
    expect(
      (await createOrder(user, { amount: 'abc', membership_plan_id: plan.id })).body.code,
    ).toBe('VALIDATION')
    const orders = await api.app.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.id)
      .execute()
    expect(orders).toHaveLength(0)
  })

  it('creates a platform fee order for exactly the fee, and refuses it once the fee is paid', async () => {
    const user = await createTestUser(api.app)
    const wrong = await createOrder(user, { amount: 98, membership_plan_id: null })
    expect(wrong).toMatchObject({ status: 400, body: { code: 'AMOUNT_MISMATCH' } })
    const res = await createOrder(user, { amount: 99, membership_plan_id: null })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      purpose: 'platform_fee',
      membership_plan_id: null,
      amount: 99,
    })
    expect((res.body.data as { link_url: string }).link_url).toMatch(
      /^\/m-payment\?deposit=99&KeyFrom=Platform%20Fee&order_id=WE/,
    )
    const paid = await createTestUser(api.app, { platformFeePaid: true })
    const again = await createOrder(paid, { amount: 99, membership_plan_id: null })
    expect(again).toMatchObject({ status: 409, body: { code: 'FEE_ALREADY_PAID' } })
  })

  it('replays create-order for the same Idempotency-Key and creates one order', async () => {
    const user = await createTestUser(api.app)
    const key = crypto.randomUUID()
    const first = await createOrder(
      user,
      { amount: 99, membership_plan_id: null },
      { 'idempotency-key': key },
    )
    const second = await createOrder(
      user,
      { amount: 99, membership_plan_id: null },
      { 'idempotency-key': key },
    )
    expect(second).toEqual(first)
    const orders = await api.app.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.id)
      .execute()
    expect(orders).toHaveLength(1)
  })

  it('confirming a membership order applies the plan, logs the deposit, and rewards use its video_point', async () => {
    const user = await createTestUser(api.app)
    const plan = await paidPlan(user)
    const res = await createOrder(user, {
      amount: Number(plan.deposit_point),
      membership_plan_id: plan.id,
    })
    const orderId = (res.body.data as { order_id: string }).order_id
    const ctx = appContext(api.app)
    const out = await confirmOrder(ctx, orderId, 'UPI123456')
    expect(out).toMatchObject({ status: 'confirmed', purpose: 'membership', unchanged: false })
    expect((await userRow(user)).membership_plan_id).toBe(plan.id)
    expect((await confirmOrder(ctx, orderId, 'UPI123456')).unchanged).toBe(true)
    await expect(confirmOrder(ctx, orderId, 'OTHER')).rejects.toMatchObject({
      code: 'ORDER_ALREADY_CONFIRMED',
    })

    const wallet = await api.call('GET', '/api/v1/wallet/', { token: user.token })
    const data = wallet.body.data as {
      balance: number
      entries: Record<string, unknown>[]
      orders: Record<string, unknown>[]
    }
    expect(data.balance).toBe(0)
    expect(data.entries).toHaveLength(1)
    expect(data.entries[0]).toMatchObject({
      kind: 'membership_deposit',
      coins: 0,
      status: 'confirmed',
      reference: 'UPI123456',
    })
    expect(data.orders[0]).toMatchObject({
      order_id: orderId,
      status: 'confirmed',
      purpose: 'membership',
    })

    const videos = (await api.call('GET', '/api/v1/dashboard/', { token: user.token }))
      .body as unknown as { id: number; timer: number }[]
    clock.advance(videos[0]!.timer)
    const reward = await api.call('POST', '/api/v1/add-reward/', {
      token: user.token,
      body: { dashboard_id: videos[0]!.id },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    expect(reward.body.data).toMatchObject({ coins: plan.video_point, points: plan.video_point })
  })

  it('confirming a platform fee order sets platform_fee_paid with an informational ledger row', async () => {
    const user = await createTestUser(api.app)
    const res = await createOrder(user, { amount: 99, membership_plan_id: null })
    const orderId = (res.body.data as { order_id: string }).order_id
    await confirmOrder(appContext(api.app), orderId, 'FEEREF1')
    const row = await userRow(user)
    expect(row.platform_fee_paid).toBe(1)
    expect(row.points).toBe(0)
    const entries = await api.app.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute()
    expect(entries).toMatchObject([
      { kind: 'platform_fee', coins: 0, rupees: 99, reference: 'FEEREF1' },
    ])
    const read = await api.call('GET', `/api/v1/orders/${orderId}`, { token: user.token })
    expect(read.body.data).toMatchObject({ status: 'confirmed', upi_reference: 'FEEREF1' })
  })

  it('rejecting an order changes nothing else and a rejected order cannot be confirmed', async () => {
    const user = await createTestUser(api.app)
    const res = await createOrder(user, { amount: 99, membership_plan_id: null })
    const orderId = (res.body.data as { order_id: string }).order_id
    const ctx = appContext(api.app)
    expect((await rejectOrder(ctx, orderId, 'no payment')).status).toBe('rejected')
    await expect(confirmOrder(ctx, orderId, 'LATE1')).rejects.toMatchObject({
      code: 'ORDER_REJECTED',
    })
    // The wallet lists it with the operator's reason; an open order has none.
    const other = await createOrder(user, { amount: 99, membership_plan_id: null })
    const wallet = await api.call('GET', '/api/v1/wallet/', { token: user.token })
    const orders = (wallet.body.data as { orders: Record<string, unknown>[] }).orders
    expect(orders.find((o) => o.order_id === orderId)).toMatchObject({
      status: 'rejected',
      reason: 'no payment',
    })
    expect(
      orders.find((o) => o.order_id === (other.body.data as { order_id: string }).order_id),
    ).toMatchObject({ status: 'pending', reason: null })
    expect((await userRow(user)).platform_fee_paid).toBe(0)
    await expect(confirmOrder(ctx, 'WE0000000000000000', 'X1')).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
    })
  })

  it('serves the two UPI payees', async () => {
    const user = await createTestUser(api.app)
    const res = await api.call('GET', '/api/v1/get-upi/', { token: user.token })
    expect(res.status).toBe(200)
    const data = res.body.data as {
      payees: { upi_id: string; payee_name: string }[]
      currency: string
    }
    expect(data.currency).toBe('INR')
    expect(data.payees).toHaveLength(2)
    for (const p of data.payees) expect(p.upi_id).toMatch(/^[\w.-]+@[\w.-]+$/)
  })
})
