import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { MINUTE, register, testClock } from './accounts-helpers.ts'

const LOGIN = '/api/v1/user/login/'
const INVALID = {
  code: 'INVALID_CREDENTIALS',
  message: 'Invalid credentials. Please enter correct ID and password.',
}

describe.each(ENGINES)('login and lockout on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 1000, timeWindowMs: MINUTE },
  })

  const login = (email: string, password: string) =>
    api.call('POST', LOGIN, { body: { email, login_type: 'email', password } })

  /** The PIN's guess budget of user `id`; a budget with no row is a fresh one. */
  const lockState = async (id: number) => {
    const row = await api.app.db
      .selectFrom('guess_budgets')
      .select(['failed', 'locked_until', 'lock_count'])
      .where('subject', '=', `pin:user:${id}`)
      .executeTakeFirst()
    return row ?? { failed: 0, locked_until: null, lock_count: 0 }
  }

  it('logs in with the email in any case and returns a working token', async () => {
    const user = await createTestUser(api.app, { pin: '2468' })
    const res = await login(user.email.toUpperCase(), '2468')
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Login successful!')
    const token = String(res.body.access_token)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const me = await api.call('GET', '/api/v1/get-user/', { token })
    expect(me.status).toBe(200)
    expect(me.body.email).toBe(user.email)
  })

  it('logs in with the 10-digit phone number in the email field', async () => {
    const user = await createTestUser(api.app, { pin: '1357' })
    const res = await login(user.phone, '1357')
    expect(res.status).toBe(200)
    expect(res.body.access_token).toEqual(expect.any(String))
  })

  it('stores a new login token as its SHA-256 only, expiring in 30 days', async () => {
    const user = await createTestUser(api.app)
    const res = await login(user.email, user.pin)
    const token = String(res.body.access_token)
    const rows = await api.app.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .execute()
    const newest = rows[0]
    expect(newest?.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows.some((r) => r.token_hash === token)).toBe(false)
    const days = (Date.parse(newest?.expires_at ?? '') - clock.now().getTime()) / 86_400_000
    expect(days).toBeGreaterThan(29.99)
    expect(days).toBeLessThanOrEqual(30)
  })

  it('refuses an unknown email or phone with 401 INVALID_CREDENTIALS', async () => {
    expect(await login('nobody.here@example.com', '1234')).toEqual({ status: 401, body: INVALID })
    expect(await login('9000000001', '1234')).toEqual({ status: 401, body: INVALID })
  })

  it('refuses a wrong PIN with 401 INVALID_CREDENTIALS', async () => {
    const user = await createTestUser(api.app)
    expect(await login(user.email, '9999')).toEqual({ status: 401, body: INVALID })
  })

  it('refuses a malformed identifier with 400 VALIDATION and the product’s message', async () => {
    const res = await login('not-an-email', '1234')
    expect(res).toEqual({
      status: 400,
      body: { code: 'VALIDATION', message: 'Please enter a valid email or phone number.' },
    })
    const long = await login(`${'a'.repeat(150)}@example.com`, '1234')
    expect(long.body).toEqual({
      code: 'VALIDATION',
      message: 'Input must be 154 characters or less.',
    })
  })

  it('resets the wrong-PIN count after a successful login', async () => {
    const user = await createTestUser(api.app)
    for (let i = 0; i < 4; i += 1) expect((await login(user.email, '0000')).status).toBe(401)
    expect((await lockState(user.id)).failed).toBe(4)
    expect((await login(user.email, user.pin)).status).toBe(200)
    expect((await lockState(user.id)).failed).toBe(0)
    for (let i = 0; i < 4; i += 1) expect((await login(user.email, '0000')).status).toBe(401)
    expect((await login(user.email, user.pin)).status).toBe(200)
  })

  it('locks for 15 minutes after 5 wrong PINs in a row, refusing even the right PIN', async () => {
    const user = await createTestUser(api.app)
    for (let i = 0; i < 4; i += 1) expect((await login(user.email, '0000')).status).toBe(401)
    const fifth = await login(user.email, '0000')
    expect(fifth).toEqual({
      status: 423,
      body: {
        code: 'ACCOUNT_LOCKED',
        message: 'Too many wrong PINs. Your account is locked for 15 minutes.',
        retry_after_seconds: 900,
      },
    })
    const right = await login(user.email, user.pin)
    expect(right.status).toBe(423)
    expect(right.body.code).toBe('ACCOUNT_LOCKED')
    expect(right.body.access_token).toBeUndefined()
    // By phone too: the lock is on the account, not on the identifier.
    expect((await login(user.phone, user.pin)).status).toBe(423)

    clock.advance(14 * MINUTE)
    const later = await login(user.email, user.pin)
    expect(later.status).toBe(423)
    expect(later.body.message).toBe('Too many wrong PINs. Your account is locked for 1 minute.')
    expect(later.body.retry_after_seconds).toBe(60)

    clock.advance(MINUTE + 1000)
    const unlocked = await login(user.email, user.pin)
    expect(unlocked.status).toBe(200)
    expect(await lockState(user.id)).toEqual({
      failed: 0,
      locked_until: null,
      lock_count: 0,
    })
  })

  it('doubles the lock to 30 minutes when the account is locked again', async () => {
    const user = await createTestUser(api.app)
    for (let i = 0; i < 5; i += 1) await login(user.email, '0000')
    expect((await lockState(user.id)).lock_count).toBe(1)
    clock.advance(15 * MINUTE + 1000)

    for (let i = 0; i < 4; i += 1) expect((await login(user.email, '0000')).status).toBe(401)
    const second = await login(user.email, '0000')
    expect(second.status).toBe(423)
    expect(second.body.message).toBe('Too many wrong PINs. Your account is locked for 30 minutes.')
    expect(second.body.retry_after_seconds).toBe(1800)
    expect((await lockState(user.id)).lock_count).toBe(2)

    clock.advance(16 * MINUTE)
    expect((await login(user.email, user.pin)).status).toBe(423)
    clock.advance(14 * MINUTE + 1000)
    expect((await login(user.email, user.pin)).status).toBe(200)
  })

  it('does not count PINs tried while locked', async () => {
    const user = await createTestUser(api.app)
    for (let i = 0; i < 5; i += 1) await login(user.email, '0000')
    for (let i = 0; i < 3; i += 1) expect((await login(user.email, '0000')).status).toBe(423)
    const state = await lockState(user.id)
    expect(state.failed).toBe(0)
    expect(state.lock_count).toBe(1)
  })

  it('locks once when many wrong PINs arrive at the same time', async () => {
    const user = await createTestUser(api.app)
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(user.email, '0000')))
    const statuses = answers.map((a) => a.status)
    expect(statuses.every((s) => s === 401 || s === 423)).toBe(true)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4)
    expect(await lockState(user.id)).toMatchObject({ failed: 0, lock_count: 1 })
    expect((await login(user.email, user.pin)).status).toBe(423)
  })

  it('answers 417 with a token and a mailed signup code for an unverified email', async () => {
    const user = await register(api)
    clock.advance(MINUTE)
    const before = api.smtp.messages.length
    const res = await login(user.email, user.pin)
    expect(res.status).toBe(417)
    expect(res.body.message).toBe('OTP Sent Successfully!')
    expect(res.body.access_token).toEqual(expect.any(String))
    expect(res.body.email).toBe(user.email.toLowerCase())
    const requestId = (res.body.otp_response as { requestId: string }).requestId
    expect(requestId).not.toBe(user.requestId)
    const code = await api.smtp.waitForCode(user.email, { after: before })

    // A second login (by phone) before the 59 s countdown ends mails nothing, names the same
    // code, and tells the screen the account's email.
    const again = await login(user.phone, user.pin)
    expect(again.status).toBe(417)
    expect((again.body.otp_response as { requestId: string }).requestId).toBe(requestId)
    expect(again.body.email).toBe(user.email.toLowerCase())
    await api.app.background.drain()
    expect(api.smtp.mailsTo(user.email, before)).toHaveLength(1)

    const verify = await api.call('POST', '/api/v1/verify-otp-after-signup/', {
      body: { otp: code, request_id: requestId },
      token: String(res.body.access_token),
    })
    expect(verify.status).toBe(200)
    expect((await login(user.email, user.pin)).status).toBe(200)
  })

  it('refuses a body without a password with 400 VALIDATION', async () => {
    const res = await api.call('POST', LOGIN, { body: { email: 'a@b.co', login_type: 'email' } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION')
  })
})
