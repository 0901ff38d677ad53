import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { videoPointForUser } from '../../server/earning/membership.ts'
import { MINUTE, register, registerVerified, testClock } from './accounts-helpers.ts'

const GET_USER = '/api/v1/get-user/'
const LOGOUT = '/api/v1/logout/'

describe.each(ENGINES)('get-user and logout on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 1000, timeWindowMs: MINUTE },
  })

  const withHeader = (method: 'GET' | 'POST', url: string, authorization?: string) =>
    api.call(method, url, { headers: authorization === undefined ? {} : { authorization } })

  it('returns exactly the contract fields of the token user', async () => {
    const user = await createTestUser(api.app, {
      firstName: 'Meena Iyer',
      points: 0,
      views: 7,
      platformFeePaid: true,
    })
    const res = await api.call('GET', GET_USER, { token: user.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      first_name: 'Meena Iyer',
      email: user.email,
      phone_number: user.phone,
      points: 0,
      views: 7,
      referral_id: user.referralId,
      referral_count: 0,
      membership__video_point: await videoPointForUser(api.app.db, user.id),
      is_faulty: false,
      platform_fee_paid: true,
      email_verified: true,
    })
  })

  it('reads the balance, the faulty flag and an unverified email from the user row', async () => {
    const user = await register(api)
    const row = await api.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email.toLowerCase())
      .executeTakeFirstOrThrow()
    await api.app.db
      .updateTable('users')
      .set({ points: 12_345, is_faulty: 1 })
      .where('id', '=', row.id)
      .execute()
    const res = await api.call('GET', GET_USER, { token: user.token })
    expect(res.body).toMatchObject({
      email: user.email.toLowerCase(),
      points: 12_345,
      is_faulty: true,
      platform_fee_paid: false,
      email_verified: false,
      first_name: 'Asha Rao',
    })
  })

  it('counts only referred friends who verified their email', async () => {
    const referrer = await createTestUser(api.app)
    await registerVerified(api, { referral_id: referrer.referralId })
    await registerVerified(api, { referral_id: referrer.referralId })
    await register(api, { referral_id: referrer.referralId })
    const res = await api.call('GET', GET_USER, { token: referrer.token })
    expect(res.body.referral_count).toBe(2)
  })

  it('accepts the token bare and with Bearer, on get-user and logout', async () => {
    const user = await createTestUser(api.app)
    expect((await withHeader('GET', GET_USER, `Bearer ${user.token}`)).status).toBe(200)
    expect((await withHeader('GET', GET_USER, user.token)).status).toBe(200)
    const out = await withHeader('POST', LOGOUT, user.token)
    expect(out).toEqual({ status: 200, body: { message: 'Logged out.' } })
    expect((await withHeader('GET', GET_USER, user.token)).status).toBe(401)
  })

  it('answers 401 UNAUTHORIZED without a token or with an unknown one', async () => {
    for (const header of [undefined, '', 'Bearer ', 'Bearer not-a-token', 'garbage']) {
      const res = await withHeader('GET', GET_USER, header)
      expect(res.status).toBe(401)
      expect(res.body.code).toBe('UNAUTHORIZED')
    }
    expect((await withHeader('POST', LOGOUT)).status).toBe(401)
  })

  it('logout revokes only that token: a later call with it gets 401, others still work', async () => {
    const user = await createTestUser(api.app)
    const login = await api.call('POST', '/api/v1/user/login/', {
      body: { email: user.email, login_type: 'email', password: user.pin },
    })
    const second = String(login.body.access_token)
    const res = await api.call('POST', LOGOUT, { token: user.token })
    expect(res).toEqual({ status: 200, body: { message: 'Logged out.' } })
    const after = await api.call('GET', GET_USER, { token: user.token })
    expect(after.status).toBe(401)
    expect(after.body.code).toBe('UNAUTHORIZED')
    expect((await api.call('POST', LOGOUT, { token: user.token })).status).toBe(401)
    expect((await api.call('GET', GET_USER, { token: second })).status).toBe(200)
    const rows = await api.app.db
      .selectFrom('access_tokens')
      .select(['revoked_at'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute()
    expect(rows[0]?.revoked_at).not.toBeNull()
    expect(rows[1]?.revoked_at).toBeNull()
  })

  it('expires a token 30 days after login', async () => {
    const user = await createTestUser(api.app)
    const login = await api.call('POST', '/api/v1/user/login/', {
      body: { email: user.email, login_type: 'email', password: user.pin },
    })
    const token = String(login.body.access_token)
    clock.advance(30 * 24 * 60 * MINUTE - MINUTE)
    expect((await api.call('GET', GET_USER, { token })).status).toBe(200)
    clock.advance(2 * MINUTE)
    expect((await api.call('GET', GET_USER, { token })).status).toBe(401)
  })
})
