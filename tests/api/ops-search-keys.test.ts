// The console on both engines: users found by a prefix of their email, phone, name or UPI ID (UPI
// IDs in any letter case), a bounded answer; orders named by their plan; and the money actions
// run once per Idempotency-Key (a double click or a retry applies once, another body is refused).
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { withApi } from '../helpers/api-app.ts'
import { ENGINES } from '../helpers/databases.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, grantCoins } from '../helpers/ledger.ts'

describe.each(ENGINES)('console search and keyed actions on %s', (engine) => {
  const api = withApi(engine, {
    rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0, withdrawMinVideos: 0 },
  })
  let token: string
  let asha: TestUser
  let ravi: TestUser

  const points = async (id: number) =>
    (
      await api.app.db
        .selectFrom('users')
        .select('points')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).points
  const search = (q: string, limit?: number) =>
    api.call(
      'GET',
      `/api/v1/ops/users/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
      { token },
    )
  const ids = (res: { body: Record<string, unknown> }) =>
    (res.body.rows as { id: number }[]).map((r) => r.id)

  beforeAll(async () => {
    const e = await createTestOperator(api.app.db, `keys-${engine}@example.com`, 'operator')
    const login = await api.call('POST', '/api/v1/ops/login', {
      body: {
        email: e.operator.email,
        password: e.password,
        totp: await generate({ secret: e.totpSecret }),
      },
    })
    token = login.body.token as string
    asha = await createTestUser(api.app, { platformFeePaid: true, firstName: 'Asha Verma' })
    ravi = await createTestUser(api.app, { firstName: 'Ravi Kumar' })
    await grantCoins(api.app, asha.id, 200_000)
    const w = await api.call('POST', '/api/v1/add-withdraw/', {
      token: asha.token,
      body: { upi_id: 'Asha.Pay@OkAxis', amount: 1000, pin: asha.pin },
      headers: { 'idempotency-key': `w-${asha.id}` },
    })
    expect(w.status, JSON.stringify(w.body)).toBe(200)
  })

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  it('finds a user by a prefix of the email, phone, name (any case) or UPI ID (any case)', async () => {
    const local = asha.email.slice(0, asha.email.indexOf('@'))
    for (const q of [
      local.slice(0, -1),
      asha.email.toUpperCase(),
      asha.phone.slice(0, 7),
      `+91 ${asha.phone}`,
      'asha v',
      'ASHA',
      'asha.pay@ok',
      'ASHA.PAY',
    ]) {
      const res = await search(q)
      expect(res.status, q).toBe(200)
      expect(ids(res), q).toContain(asha.id)
      expect(ids(res), q).not.toContain(ravi.id)
    }
    const byUpi = await search('asha.pay@')
    expect((byUpi.body.rows as unknown[])[0]).toMatchObject({
      id: asha.id,
      matched_by: 'upi_id',
      first_name: 'Asha Verma',
      email: asha.email,
    })
    expect(ids(await search('ravi k'))).toEqual([ravi.id])
    const none = await search('zz-nobody')
    expect(none.body).toEqual({ rows: [], capped: false })
    expect((await search(' ')).status).toBe(400)
  })

  it('answers at most the limit asked, and says more may match', async () => {
    for (let i = 0; i < 3; i++) await createTestUser(api.app, { firstName: `Meena ${i}` })
    const res = await search('meena', 2)
    expect(res.status).toBe(200)
    expect(ids(res)).toHaveLength(2)
    expect(res.body.capped).toBe(true)
    expect((await search('meena', 10)).body.capped).toBe(false)
  })

  it('opens a user by id with the ledger, and answers 404 for an id nobody has', async () => {
    const res = await api.call('GET', `/api/v1/ops/users/${asha.id}`, { token })
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({ id: asha.id, first_name: 'Asha Verma' })
    const missing = await api.call('GET', '/api/v1/ops/users/999999', { token })
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe('USER_NOT_FOUND')
  })

  it('names an order’s plan in the queue and in the user’s orders', async () => {
    const plan = await api.app.db
      .selectFrom('membership_plans')
      .select(['id', 'membership_type', 'deposit_point'])
      .where('deposit_point', '!=', 'FREE')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const order = await api.call('POST', '/api/v1/create-order/', {
      token: ravi.token,
      body: { amount: Number(plan.deposit_point), membership_plan_id: plan.id },
      headers: { 'idempotency-key': `o-${ravi.id}` },
    })
    expect(order.status, JSON.stringify(order.body)).toBe(200)
    const queue = await api.call('GET', `/api/v1/ops/orders?q=${ravi.email}`, { token })
    expect(queue.body.rows).toEqual([
      expect.objectContaining({ plan_name: plan.membership_type, membership_plan_id: plan.id }),
    ])
    const user = await api.call('GET', `/api/v1/ops/users/${ravi.id}`, { token })
    expect(user.body.orders).toEqual([expect.objectContaining({ plan_name: plan.membership_type })])
  })

  it('applies an adjustment once per Idempotency-Key, answers the retry alike, refuses another body', async () => {
    const before = await points(asha.id)
    const adjust = (key: string, coins: number) =>
      api.call('POST', `/api/v1/ops/users/${asha.id}/adjustments`, {
        token,
        body: { coins, reason: 'goodwill for a missed reward' },
        headers: { 'idempotency-key': key },
      })
    const first = await adjust('adj-1', 500)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const retry = await adjust('adj-1', 500)
    expect(retry).toEqual(first)
    expect(await points(asha.id)).toBe(before + 500)
    const other = await adjust('adj-1', 700)
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await points(asha.id)).toBe(before + 500)
    // A double click: two requests at once with one key apply once.
    const both = await Promise.all([adjust('adj-2', 300), adjust('adj-2', 300)])
    expect(both.map((r) => r.status).filter((s) => s === 200).length).toBeGreaterThanOrEqual(1)
    for (const r of both) expect([200, 409]).toContain(r.status)
    expect(await points(asha.id)).toBe(before + 800)
    const rows = await api.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'user.adjust')
      .where('entity_id', '=', String(asha.id))
      .execute()
    expect(rows).toHaveLength(2)
    // A refusal is the key's answer too: the same key answers it again, and changes nothing.
    const tooMuch = await adjust('adj-3', -100_000_000)
    expect(tooMuch.status).toBe(400)
    expect(await adjust('adj-3', -100_000_000)).toEqual(tooMuch)
    // A key on a user nobody has: 404, nothing stored.
    const nobody = await api.call('POST', '/api/v1/ops/users/999999/adjustments', {
      token,
      body: { coins: 5, reason: 'goodwill for a missed reward' },
      headers: { 'idempotency-key': 'adj-4' },
    })
    expect(nobody.status).toBe(404)
  })

  it('confirms an order once per key; the retry gets the first answer, not "unchanged"', async () => {
    const order = await api.call('POST', '/api/v1/create-order/', {
      token: ravi.token,
      body: { amount: 99 },
      headers: { 'idempotency-key': `fee-${ravi.id}` },
    })
    expect(order.status, JSON.stringify(order.body)).toBe(200)
    const orderId = (order.body.data as { order_id: string }).order_id
    const confirm = () =>
      api.call('POST', `/api/v1/ops/orders/${orderId}/confirm`, {
        token,
        body: { upi_reference: '612345678901' },
        headers: { 'idempotency-key': `confirm-${orderId}` },
      })
    const first = await confirm()
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toMatchObject({ status: 'confirmed', unchanged: false })
    expect(await confirm()).toEqual(first)
    const audits = await api.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'order.confirm')
      .where('entity_id', '=', orderId)
      .execute()
    expect(audits).toHaveLength(1)
  })
})
