// Every string the API takes is checked (DECISIONS §6–7), on both engines: NUL and other control
// characters, invalid Unicode and over-long values answer 400 VALIDATION naming the field, never a
// 500 (PostgreSQL refuses NUL in text). Client Idempotency-Keys live in their own namespace: a
// client key equal to a server ledger key (`signup_bonus`, `referral:<id>`) neither fails nor
// blocks the server's own credit.
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { rewardCalls } from '../helpers/rewards.ts'
import { createTestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { register } from './accounts-helpers.ts'

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
        body: { upi_id: `${'a'.repeat(1001)}@upi`, amount: 100 },
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
