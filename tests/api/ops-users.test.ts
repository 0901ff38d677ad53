// The console's users on both engines: look-up by email, phone or referral code with the ledger,
// orders and withdrawals; suspension (a suspended user cannot claim or withdraw, and is told why);
// a manual adjustment with a reason as a ledger row; each change audited.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { withApi } from '../helpers/api-app.ts'
import { ENGINES } from '../helpers/databases.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, grantCoins } from '../helpers/ledger.ts'

describe.each(ENGINES)('console users on %s', (engine) => {
  const api = withApi(engine, {
    rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0, withdrawMinVideos: 0 },
  })
  let token: string
  let viewerToken: string
  let user: TestUser

  const login = async (role: 'operator' | 'viewer') => {
    const e = await createTestOperator(
      api.app.db,
      `${role}-users-${engine}@example.com`,
      role,
      new Date(),
    )
    const res = await api.call('POST', '/api/v1/ops/login', {
      body: {
        email: e.operator.email,
        password: e.password,
        totp: await generate({ secret: e.totpSecret }),
      },
    })
    return res.body.token as string
  }

  beforeAll(async () => {
    token = await login('operator')
    viewerToken = await login('viewer')
    user = await createTestUser(api.app, { platformFeePaid: true })
    await grantCoins(api.app, user.id, 150_000)
  })

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  it('finds a user by email, phone or referral code, with the ledger, orders and withdrawals', async () => {
    const plan = await api.app.db
      .selectFrom('membership_plans')
      .selectAll()
      .where('deposit_point', '!=', 'FREE')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const order = await api.call('POST', '/api/v1/create-order/', {
      token: user.token,
      body: { amount: Number(plan.deposit_point), membership_plan_id: plan.id },
      headers: { 'idempotency-key': `o-${user.id}` },
    })
    expect(order.status, JSON.stringify(order.body)).toBe(200)
    for (const q of [user.email.toUpperCase(), user.phone, user.referralId.toLowerCase()]) {
      const res = await api.call('GET', `/api/v1/ops/users?q=${encodeURIComponent(q)}`, {
        token: viewerToken,
      })
      expect(res.status, q).toBe(200)
      expect(res.body.user).toMatchObject({ id: user.id, email: user.email, points: 150_000 })
      expect((res.body.ledger as unknown[]).length).toBe(1)
      expect((res.body.orders as { amount: number }[]).map((o) => o.amount)).toEqual([
        Number(plan.deposit_point),
      ])
      expect(res.body.moderation).toMatchObject({ suspended: false, flagged: false })
    }
    const none = await api.call('GET', '/api/v1/ops/users?q=nobody@example.com', { token })
    expect(none.status).toBe(404)
    expect(none.body.code).toBe('USER_NOT_FOUND')
  })

  it('suspends a user, who is then refused rewards and withdrawals with the reason, and lifts it', async () => {
    const refusedByViewer = await api.call('POST', `/api/v1/ops/users/${user.id}/moderation`, {
      token: viewerToken,
      body: { suspended: true, reason: 'many accounts from one phone' },
    })
    expect(refusedByViewer.status).toBe(403)
    const res = await api.call('POST', `/api/v1/ops/users/${user.id}/moderation`, {
      token,
      body: { suspended: true, flagged: true, reason: 'many accounts from one phone' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    for (const [url, body] of [
      ['/api/v1/add-reward/', { dashboard_id: 1 }],
      ['/api/v1/add-withdraw/', { upi_id: 'me@okaxis', amount: 1000 }],
    ] as const) {
      const claim = await api.call('POST', url, {
        token: user.token,
        body,
        headers: { 'idempotency-key': `s-${url}` },
      })
      expect(claim.status, url).toBe(403)
      expect(claim.body.code).toBe('ACCOUNT_SUSPENDED')
      expect(claim.body.message).toContain('many accounts from one phone')
      // The reason on its own too, for a Hindi page to label as the operator's words.
      expect(claim.body.reason).toBe('many accounts from one phone')
    }
    const lifted = await api.call('POST', `/api/v1/ops/users/${user.id}/moderation`, {
      token,
      body: { suspended: false, reason: 'checked with the user by phone' },
    })
    expect(lifted.body).toMatchObject({ suspended: false, flagged: true })
    const withdraw = await api.call('POST', '/api/v1/add-withdraw/', {
      token: user.token,
      body: { upi_id: 'me@okaxis', amount: 1000, pin: user.pin },
      headers: { 'idempotency-key': `s-after-${user.id}` },
    })
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200)
    const audit = await api.app.db
      .selectFrom('audit_log')
      .select(['action', 'after', 'reason'])
      .where('entity', '=', 'users')
      .where('entity_id', '=', String(user.id))
      .orderBy('id')
      .execute()
    expect(audit.map((a) => [a.action, JSON.parse(a.after ?? '{}').suspended])).toEqual([
      ['user.moderate', true],
      ['user.moderate', false],
    ])
  })

  it('adjusts a balance only with a reason, as a ledger row, and refuses to go below zero', async () => {
    const before = (await api.call('GET', `/api/v1/ops/users?q=${user.email}`, { token })).body
      .user as { points: number }
    expect(
      (
        await api.call('POST', `/api/v1/ops/users/${user.id}/adjustments`, {
          token,
          body: { coins: 500, reason: '' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await api.call('POST', `/api/v1/ops/users/${user.id}/adjustments`, {
          token: viewerToken,
          body: { coins: 500, reason: 'goodwill' },
        })
      ).status,
    ).toBe(403)
    const ok = await api.call('POST', `/api/v1/ops/users/${user.id}/adjustments`, {
      token,
      body: { coins: 500, reason: 'reward lost in the outage of 21 Nov' },
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.points).toBe(before.points + 500)
    const row = await api.app.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('id', '=', ok.body.ledger_entry_id as number)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ kind: 'manual_adjustment', coins: 500, status: 'confirmed' })
    expect(row.description).toContain('reward lost in the outage of 21 Nov')
    const tooMuch = await api.call('POST', `/api/v1/ops/users/${user.id}/adjustments`, {
      token,
      body: { coins: -(before.points + 10_000), reason: 'take back more than there is' },
    })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.code).toBe('INSUFFICIENT_BALANCE')
    const adjustments = await api.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'user.adjust')
      .execute()
    expect(adjustments).toHaveLength(1)
  })

  it('refuses a money action without an Idempotency-Key with 400 and changes nothing', async () => {
    const points = async () =>
      (
        await api.app.db
          .selectFrom('users')
          .select('points')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).points
    const before = await points()
    const unkeyed = await api.call('POST', `/api/v1/ops/users/${user.id}/adjustments`, {
      token,
      body: { coins: 500, reason: 'a client that sends no key' },
      headers: { 'idempotency-key': '' },
    })
    expect(unkeyed.status).toBe(400)
    expect(unkeyed.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED')
    expect(await points()).toBe(before)
  })
})
