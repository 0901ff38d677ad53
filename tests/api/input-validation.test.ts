// Every string the API takes is checked (docs/product.md#api, #security), on both engines: NUL and other control
// characters, invalid Unicode and over-long values answer 400 VALIDATION naming the field, never a
// 500 (PostgreSQL refuses NUL in text). Client Idempotency-Keys live in their own namespace: a
// client key equal to a server ledger key (`signup_bonus`, `referral:<id>`) neither fails nor
// blocks the server's own credit. Money inputs are strict (docs/product.md#units): on every route
// that moves money or rules, an amount, id or count that is not a JSON number of the contract's
// kind (text, a boolean, an array, an object, null, a fraction, a negative, a huge number, a form
// field) answers 400 VALIDATION naming the field and changes nothing.
import crypto from 'node:crypto'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi, type ApiHandle } from '../helpers/api-app.ts'
import { rewardCalls } from '../helpers/rewards.ts'
import { loginNewOperator } from '../helpers/operators.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, grantCoins, ledgerBalances, testClock } from '../helpers/ledger.ts'
import { register } from './accounts-helpers.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'

describe.each(ENGINES)('input validation and key namespaces on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 1000, timeWindowMs: 60_000 },
  })
  const { dashboard, claim, rewardRows } = rewardCalls(api)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  const refused = (res: { status: number; body: Record<string, unknown> }, field: string) => {
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'VALIDATION', field })
    expect(res.body.message).toEqual(expect.stringContaining(field))
  }

  it('refuses a NUL byte in email_id and request_id with 400 naming the field', async () => {
    refused(
      await api.call('POST', '/api/v1/forgot-password/', { body: { email_id: 'a\u0000@b.com' } }),
      'email_id',
    )
    refused(
      await api.call('POST', '/api/v1/verify-otp-after-signup/', {
        body: { otp: '1234', request_id: 'abc\u0000' },
      }),
      'request_id',
    )
    refused(
      await api.call('POST', '/api/v1/verify-otp/', {
        body: { otp: '12\u00004', email_id: 'x@y.com' },
      }),
      'otp',
    )
  })

  it('refuses other control characters and invalid Unicode', async () => {
    refused(
      await api.call('POST', '/api/v1/user/login/', {
        body: { email: 'a\u001b[31m@b.com', password: '1234' },
      }),
      'email',
    )
    // A lone surrogate (valid JSON, invalid Unicode).
    refused(
      await api.call('POST', '/api/v1/user/login/', {
        body: { email: 'ravi\ud800@b.com', password: '1234' },
      }),
      'email',
    )
    // Bytes that are not UTF-8 at all, sent raw.
    const raw = Buffer.concat([
      Buffer.from('{"email_id":"ra'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('@b.com"}'),
    ])
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password/',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'email_id' })
  })

  it('refuses over-long values with 400 naming the field, on routes with and without schemas', async () => {
    const user = await createTestUser(api.app)
    refused(
      await api.call('POST', '/api/v1/user/registration/', {
        body: {
          first_name: 'A'.repeat(5000),
          phone_number: '9876543210',
          email: 'long@example.com',
          password: '1234',
        },
      }),
      'first_name',
    )
    refused(
      await api.call('POST', '/api/v1/add-withdraw/', {
        token: user.token,
        headers: { 'idempotency-key': 'long-upi' },
        body: { upi_id: `${'a'.repeat(1001)}@upi`, amount: 100, pin: user.pin },
      }),
      'upi_id',
    )
  })

  it('checks query, path and nested fields too', async () => {
    const user = await createTestUser(api.app)
    refused(await api.call('GET', '/api/v1/dashboard/?link=%00', { token: user.token }), 'link')
    refused(await api.call('GET', '/api/v1/orders/%00', { token: user.token }), 'id')
    refused(
      await api.call('POST', '/api/v1/create-order/', {
        token: user.token,
        body: { amount: 99, extra: { note: 'x\u0000' } },
      }),
      'extra.note',
    )
  })

  it('credits a reward claimed with the client key signup_bonus, and stores it as client:signup_bonus', async () => {
    // A verified user already holds the server's own signup_bonus row: the old collision was a 500.
    const registered = await register(api)
    const verified = await api.call('POST', '/api/v1/verify-otp-after-signup/', {
      body: { otp: registered.code, request_id: registered.requestId },
      token: registered.token,
    })
    expect(verified.status).toBe(200)
    const user = { ...(await createTestUser(api.app)), token: registered.token }
    user.id = (
      await api.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', registered.email.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id
    const [video] = await dashboard(user)
    clock.advance(video!.timer)
    const res = await claim(user, { dashboard_id: video!.id }, 'signup_bonus')
    expect(res.status).toBe(200)
    const keys = (await rewardRows(user)).map((r) => r.idempotency_key)
    expect(keys).toContain('client:signup_bonus')
    // A replay is the stored answer, not a 500.
    expect(await claim(user, { dashboard_id: video!.id }, 'signup_bonus')).toEqual(res)
  })

  it('lets no referrer block their own referral reward with the client key referral:<id>', async () => {
    const referrer = await createTestUser(api.app)
    const friend = await register(api, { referral_id: referrer.referralId })
    const friendRow = await api.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', friend.email.toLowerCase())
      .executeTakeFirstOrThrow()
    const [video] = await dashboard(referrer)
    clock.advance(video!.timer)
    const blocked = await claim(referrer, { dashboard_id: video!.id }, `referral:${friendRow.id}`)
    expect(blocked.status).toBe(200)
    const verified = await api.call('POST', '/api/v1/verify-otp-after-signup/', {
      body: { otp: friend.code, request_id: friend.requestId },
      token: friend.token,
    })
    expect(verified.status).toBe(200)
    // The referral rewards are released by the friend's claim that reaches the rule's videos.
    const watcher = { ...referrer, id: friendRow.id, token: friend.token }
    const videos = await dashboard(watcher)
    for (const video of videos.slice(0, api.app.config.rules.referralRewardAfterVideos)) {
      clock.advance(video.timer)
      expect((await claim(watcher, { dashboard_id: video.id })).status).toBe(200)
    }
    const rows = await rewardRows(referrer)
    expect(rows.filter((r) => r.kind === 'referral_reward')).toHaveLength(1)
    expect(rows.map((r) => r.idempotency_key).sort()).toEqual(
      [`client:referral:${friendRow.id}`, `referral:${friendRow.id}`].sort(),
    )
  })
})

/** Values that are no JSON integer: text, booleans, arrays, objects, null, fractions, huge numbers. */
const NOT_INTEGERS: unknown[] = [
  '10',
  '99',
  '1',
  '',
  'abc',
  true,
  false,
  [5],
  [100],
  {},
  { value: 5 },
  null,
  10.5,
  0.1,
  1e20,
  2 ** 53,
  1e308,
]
/** Numbers out of range for a positive amount or id. */
const NOT_POSITIVE: unknown[] = [0, -1, -5, -100]
/** Values that are no JSON boolean. */
const NOT_BOOLEANS: unknown[] = ['true', 'false', 1, 0, [true], null, {}]

/** What a refused request must leave as it was: balances, money rows, content and audit. */
async function stateOf(api: ApiHandle) {
  const count = async (
    table:
      | 'ledger_entries'
      | 'withdrawals'
      | 'orders'
      | 'idempotency_keys'
      | 'audit_log'
      | 'membership_plans'
      | 'videos'
      | 'rule_versions'
      | 'user_moderation'
      | 'video_rewards',
  ) =>
    Number(
      (
        await api.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const tables = [
    'ledger_entries',
    'withdrawals',
    'orders',
    'idempotency_keys',
    'audit_log',
    'membership_plans',
    'videos',
    'rule_versions',
    'user_moderation',
    'video_rewards',
  ] as const
  return {
    balances: await ledgerBalances(api.app),
    counts: Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)]))),
    plans: await api.app.db.selectFrom('membership_plans').selectAll().orderBy('id').execute(),
    videos: await api.app.db.selectFrom('videos').selectAll().orderBy('id').execute(),
    rules: api.app.config.rules,
  }
}

describe.each(ENGINES)('strict money types on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0 },
  })
  const { dashboard } = rewardCalls(api)
  let user: TestUser
  let operatorToken: string
  let planId: number
  let planDeposit: number
  let videoId: number

  beforeAll(async () => {
    user = await createTestUser(api.app, { views: 40, platformFeePaid: true })
    await grantCoins(api.app, user.id, 500_000)
    operatorToken = await loginNewOperator(api, `strict-${engine}@example.com`, clock.now())
    const plan = await api.app.db
      .selectFrom('membership_plans')
      .select(['id', 'deposit_point'])
      .where('deposit_point', '<>', 'FREE')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    planId = plan.id
    planDeposit = Number(plan.deposit_point)
    videoId = (await dashboard(user))[0]!.id
  })

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  /** A money route: how to call it with `field` set to `value` on an otherwise valid body. */
  interface MoneyRoute {
    name: string
    field: string
    bad: unknown[]
    send(value: unknown): Promise<{ status: number; body: Record<string, unknown> }>
  }
  const userCall = (method: 'POST', url: string, body: Record<string, unknown>) =>
    api.call(method, url, {
      token: user.token,
      body,
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
  const opsCall = (method: 'POST' | 'PATCH' | 'PUT', url: string, body: Record<string, unknown>) =>
    api.call(method, `/api/v1/ops${url}`, {
      token: operatorToken,
      body,
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
  const routes: MoneyRoute[] = [
    {
      name: 'add-withdraw',
      field: 'amount',
      bad: [...NOT_INTEGERS, ...NOT_POSITIVE],
      send: (amount) =>
        userCall('POST', '/api/v1/add-withdraw/', { upi_id: 'asha@okaxis', amount }),
    },
    {
      name: 'create-order (fee)',
      field: 'amount',
      bad: [...NOT_INTEGERS, ...NOT_POSITIVE],
      send: (amount) =>
        userCall('POST', '/api/v1/create-order/', { amount, membership_plan_id: null }),
    },
    {
      name: 'create-order (plan)',
      field: 'membership_plan_id',
      bad: [...NOT_INTEGERS.filter((v) => v !== null), ...NOT_POSITIVE],
      send: (membership_plan_id) =>
        userCall('POST', '/api/v1/create-order/', { amount: planDeposit, membership_plan_id }),
    },
    {
      name: 'add-reward',
      field: 'dashboard_id',
      bad: [...NOT_INTEGERS, ...NOT_POSITIVE],
      send: (dashboard_id) => userCall('POST', '/api/v1/add-reward/', { dashboard_id }),
    },
    {
      name: 'add-reward',
      field: 'played_ms',
      bad: NOT_INTEGERS.filter((v) => v !== null),
      send: (played_ms) =>
        userCall('POST', '/api/v1/add-reward/', { dashboard_id: videoId, played_ms }),
    },
    {
      name: 'console adjustment',
      field: 'coins',
      bad: [...NOT_INTEGERS, -1e20, 20_000_000],
      send: (coins) =>
        opsCall('POST', `/users/${user.id}/adjustments`, { coins, reason: 'Strict types test' }),
    },
    {
      name: 'console plan',
      field: 'video_point',
      bad: [...NOT_INTEGERS, ...NOT_POSITIVE],
      send: (video_point) =>
        opsCall('PATCH', `/plans/${planId}`, { video_point, reason: 'Strict types test' }),
    },
    {
      name: 'console plan',
      field: 'withdrawl_days',
      bad: [...NOT_INTEGERS, -1],
      send: (withdrawl_days) =>
        opsCall('PATCH', `/plans/${planId}`, { withdrawl_days, reason: 'Strict types test' }),
    },
    {
      name: 'console plan',
      field: 'active',
      bad: NOT_BOOLEANS,
      send: (active) => opsCall('PATCH', `/plans/${planId}`, { active, reason: 'Strict types' }),
    },
    {
      name: 'console video',
      field: 'timer',
      bad: [...NOT_INTEGERS, ...NOT_POSITIVE],
      send: (timer) =>
        opsCall('PATCH', `/videos/${videoId}`, { timer, reason: 'Strict types test' }),
    },
    {
      name: 'console video',
      field: 'position',
      bad: [...NOT_INTEGERS, -1],
      send: (position) =>
        opsCall('PATCH', `/videos/${videoId}`, { position, reason: 'Strict types test' }),
    },
    {
      name: 'console moderation',
      field: 'suspended',
      bad: NOT_BOOLEANS,
      send: (suspended) =>
        opsCall('POST', `/users/${user.id}/moderation`, { suspended, reason: 'Strict types' }),
    },
    {
      name: 'console rules',
      field: 'transferFeeRupees',
      bad: NOT_INTEGERS,
      send: (transferFeeRupees) =>
        opsCall('PUT', '/rules', { rules: { transferFeeRupees }, reason: 'Strict types test' }),
    },
  ]

  for (const route of routes) {
    it(`refuses every ${route.field} of ${route.name} of the wrong JSON type or out of range with 400 VALIDATION, changing nothing`, async () => {
      const before = await stateOf(api)
      for (const value of route.bad) {
        const res = await route.send(value)
        const what = `${route.field} = ${JSON.stringify(value)} → ${res.status} ${JSON.stringify(res.body)}`
        expect(res.status, what).toBe(400)
        expect(res.body, what).toMatchObject({ code: 'VALIDATION', field: route.field })
        expect(typeof res.body.message, what).toBe('string')
      }
      expect(await stateOf(api)).toEqual(before)
    })
  }

  it('takes the same requests with JSON integers: the refusals above are about the types', async () => {
    const withdrawal = await userCall('POST', '/api/v1/add-withdraw/', {
      upi_id: 'asha@okaxis',
      amount: 100,
      pin: user.pin,
    })
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200)
    const order = await userCall('POST', '/api/v1/create-order/', {
      amount: planDeposit,
      membership_plan_id: planId,
    })
    expect(order.status, JSON.stringify(order.body)).toBe(200)
    const adjusted = await opsCall('POST', `/users/${user.id}/adjustments`, {
      coins: 5,
      reason: 'Strict types test',
    })
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200)
  })

  it('refuses a number too large for JSON (1e400, read as Infinity) with 400 VALIDATION', async () => {
    const before = await stateOf(api)
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/v1/add-withdraw/',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      payload: '{"upi_id":"asha@okaxis","amount":1e400}',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'amount' })
    expect(await stateOf(api)).toEqual(before)
  })

  it('refuses form-encoded money fields (a form has only text): withdrawal and JSON order alike', async () => {
    const before = await stateOf(api)
    const form = (url: string, fields: Record<string, string>) =>
      api.app.inject({
        method: 'POST',
        url,
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': crypto.randomUUID(),
        },
        payload: new URLSearchParams(fields).toString(),
      })
    const withdrawal = await form('/api/v1/add-withdraw/', { upi_id: 'asha@okaxis', amount: '10' })
    expect(withdrawal.statusCode).toBe(400)
    expect(withdrawal.json()).toMatchObject({ code: 'VALIDATION', field: 'amount' })
    const order = await form('/api/v1/create-order/', { amount: '99' })
    expect(order.statusCode).toBe(400)
    expect(order.json()).toMatchObject({ code: 'VALIDATION', field: 'amount' })
    expect(await stateOf(api)).toEqual(before)
  })

  it('still reads numbers in query strings, where all values are text', async () => {
    const res = await api.call('GET', '/api/v1/wallet/?limit=2', { token: user.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const refused = await api.call('GET', '/api/v1/wallet/?limit=two', { token: user.token })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'VALIDATION', field: 'limit' })
  })
})
