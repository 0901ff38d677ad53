import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { MINUTE, register, testClock, wrongCode } from './accounts-helpers.ts'

const FORGOT = '/api/v1/forgot-password/'
const VERIFY = '/api/v1/verify-otp/'
const NEW_PIN = '/api/v1/new-password/'

describe.each(ENGINES)('PIN reset on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 1000, timeWindowMs: MINUTE },
  })

  const login = (email: string, password: string) =>
    api.call('POST', '/api/v1/user/login/', { body: { email, login_type: 'email', password } })

  /** Asks for a reset code and reads it from the mail. */
  async function requestCode(email: string): Promise<string> {
    const before = api.smtp.messages.length
    const res = await api.call('POST', FORGOT, { body: { email_id: email } })
    expect(res.status).toBe(200)
    return api.smtp.waitForCode(email, { after: before })
  }

  /** Runs forgot-password and verify-otp; returns the reset token. */
  async function resetToken(user: TestUser): Promise<string> {
    const code = await requestCode(user.email)
    const res = await api.call('POST', VERIFY, { body: { otp: code, email_id: user.email } })
    expect(res.status).toBe(200)
    return String(res.body.reset_token)
  }

  const pinHash = async (id: number) =>
    (
      await api.app.db
        .selectFrom('users')
        .select('pin_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).pin_hash

  it('mails a reset code with a 10 s countdown and answers Otp sent to your email.', async () => {
    const user = await createTestUser(api.app)
    const before = api.smtp.messages.length
    const res = await api.call('POST', FORGOT, { body: { email_id: user.email.toUpperCase() } })
    expect(res).toEqual({ status: 200, body: { message: 'Otp sent to your email.' } })
    const code = await api.smtp.waitForCode(user.email, { after: before })
    const rows = await api.app.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.purpose).toBe('reset')
    expect(rows[0]?.resend_after_seconds).toBe(10)
    expect(rows[0]?.code_hash).toMatch(/^scrypt\$/)
    expect(rows[0]?.code_hash).not.toContain(code)
  })

  it('answers the same for an unknown email and mails nothing', async () => {
    await api.app.background.drain()
    const before = api.smtp.messages.length
    const res = await api.call('POST', FORGOT, { body: { email_id: 'nobody.at.all@example.com' } })
    expect(res).toEqual({ status: 200, body: { message: 'Otp sent to your email.' } })
    await api.app.background.drain()
    expect(api.smtp.messages.length).toBe(before)
  })

  it('refuses a malformed or too long email with 400 VALIDATION and the product’s message', async () => {
    const bad = await api.call('POST', FORGOT, { body: { email_id: 'ravi@' } })
    expect(bad).toEqual({
      status: 400,
      body: { code: 'VALIDATION', message: 'Please enter a valid email address.' },
    })
    const long = await api.call('POST', FORGOT, {
      body: { email_id: `${'a'.repeat(150)}@example.com` },
    })
    expect(long.body).toEqual({
      code: 'VALIDATION',
      message: 'Email must be 154 characters or less.',
    })
  })

  it('mails a resend only after 10 s, then only after 59 s, answering early requests alike', async () => {
    const user = await createTestUser(api.app)
    await requestCode(user.email)
    const codeRows = async () =>
      api.app.db
        .selectFrom('otp_codes')
        .select('resend_after_seconds')
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute()
    clock.advance(5000)
    const mailsBefore = api.smtp.messages.length
    const early = await api.call('POST', FORGOT, { body: { email_id: user.email } })
    expect(early).toEqual({ status: 200, body: { message: 'Otp sent to your email.' } })
    await api.app.background.drain()
    expect(await codeRows()).toHaveLength(1)

    clock.advance(5000)
    await requestCode(user.email)
    clock.advance(30_000)
    const second = await api.call('POST', FORGOT, { body: { email_id: user.email } })
    expect(second).toEqual({ status: 200, body: { message: 'Otp sent to your email.' } })
    await api.app.background.drain()
    expect(await codeRows()).toHaveLength(2)
    clock.advance(29_000)
    const code = await requestCode(user.email)
    expect((await codeRows()).map((r) => r.resend_after_seconds)).toEqual([10, 59, 59])
    // Two codes were mailed after the early request: the refused resends sent nothing.
    expect(api.smtp.messages.length - mailsBefore).toBe(2)
    // Only the newest code passes.
    const res = await api.call('POST', VERIFY, { body: { otp: code, email_id: user.email } })
    expect(res.status).toBe(200)
  })

  it('starts again at 10 s once the earlier codes have expired', async () => {
    const user = await createTestUser(api.app)
    await requestCode(user.email)
    clock.advance(11 * MINUTE)
    await requestCode(user.email)
    const rows = await api.app.db
      .selectFrom('otp_codes')
      .select('resend_after_seconds')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => r.resend_after_seconds)).toEqual([10, 10])
  })

  it('verifies the reset code and returns a reset token stored only as its hash', async () => {
    const user = await createTestUser(api.app)
    const code = await requestCode(user.email)
    const res = await api.call('POST', VERIFY, { body: { otp: code, email_id: user.email } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('OTP verified successfully!')
    const token = String(res.body.reset_token)
    const rows = await api.app.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0]?.token_hash).not.toBe(token)
  })

  it('refuses a wrong reset code, then every code after 5 wrong tries', async () => {
    const user = await createTestUser(api.app)
    const code = await requestCode(user.email)
    for (let left = 4; left >= 0; left -= 1) {
      const res = await api.call('POST', VERIFY, {
        body: { otp: wrongCode(code), email_id: user.email },
      })
      expect(res).toEqual({
        status: 400,
        body: { code: 'OTP_INVALID', message: 'Enter Correct OTP', tries_left: left },
      })
    }
    const res = await api.call('POST', VERIFY, { body: { otp: code, email_id: user.email } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('OTP_TOO_MANY_TRIES')
  })

  it('refuses a reset code after 10 minutes with OTP_EXPIRED', async () => {
    const user = await createTestUser(api.app)
    const code = await requestCode(user.email)
    clock.advance(10 * MINUTE + 1000)
    const res = await api.call('POST', VERIFY, { body: { otp: code, email_id: user.email } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('OTP_EXPIRED')
  })

  it('refuses a used reset code with OTP_USED', async () => {
    const user = await createTestUser(api.app)
    const code = await requestCode(user.email)
    expect(
      (await api.call('POST', VERIFY, { body: { otp: code, email_id: user.email } })).status,
    ).toBe(200)
    const again = await api.call('POST', VERIFY, { body: { otp: code, email_id: user.email } })
    expect(again.status).toBe(400)
    expect(again.body.code).toBe('OTP_USED')
  })

  it('refuses a code for an email with no code with OTP_INVALID', async () => {
    const res = await api.call('POST', VERIFY, {
      body: { otp: '1234', email_id: 'never.asked@example.com' },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('OTP_INVALID')
  })

  it('sets the new PIN, revokes every token and lets the new PIN log in', async () => {
    const user = await createTestUser(api.app)
    const second = await login(user.email, user.pin)
    const token = await resetToken(user)
    const res = await api.call('POST', NEW_PIN, {
      body: { email_id: user.email, new_password: '7777', reset_token: token },
    })
    expect(res).toEqual({ status: 200, body: { message: 'Password changed successfully!' } })
    for (const old of [user.token, String(second.body.access_token)]) {
      const me = await api.call('GET', '/api/v1/get-user/', { token: old })
      expect(me.status).toBe(401)
      expect(me.body.code).toBe('UNAUTHORIZED')
    }
    expect((await login(user.email, user.pin)).status).toBe(401)
    expect((await login(user.email, '7777')).status).toBe(200)
    expect(await pinHash(user.id)).not.toContain('7777')
  })

  it('clears a lockout when the PIN is reset', async () => {
    const user = await createTestUser(api.app)
    for (let i = 0; i < 5; i += 1) await login(user.email, '0000')
    expect((await login(user.email, user.pin)).status).toBe(423)
    const token = await resetToken(user)
    await api.call('POST', NEW_PIN, {
      body: { email_id: user.email, new_password: '5555', reset_token: token },
    })
    expect((await login(user.email, '5555')).status).toBe(200)
  })

  it('refuses a missing, unknown, used, expired or foreign reset token and changes nothing', async () => {
    const user = await createTestUser(api.app)
    const other = await createTestUser(api.app)
    const hash = await pinHash(user.id)
    const attempt = (reset_token?: string) =>
      api.call('POST', NEW_PIN, {
        body: {
          email_id: user.email,
          new_password: '8080',
          ...(reset_token ? { reset_token } : {}),
        },
      })
    const refused = (res: Awaited<ReturnType<typeof attempt>>) => {
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('RESET_TOKEN_INVALID')
      expect(res.body.message).toEqual(expect.any(String))
    }

    refused(await attempt())
    refused(await attempt('not-a-real-token'))
    refused(await attempt(await resetToken(other)))

    const used = await resetToken(user)
    expect((await attempt(used)).status).toBe(200)
    const afterUse = await pinHash(user.id)
    refused(await attempt(used))
    expect(await pinHash(user.id)).toBe(afterUse)

    clock.advance(MINUTE)
    const stale = await resetToken(user)
    clock.advance(15 * MINUTE + 1000)
    refused(await attempt(stale))
    expect(await pinHash(user.id)).toBe(afterUse)
    expect(afterUse).not.toBe(hash)
    // The foreign token's owner keeps the old PIN.
    expect((await login(other.email, other.pin)).status).toBe(200)
  })

  it('refuses a new PIN that is not 4 digits with 400 VALIDATION, keeping the token usable', async () => {
    const user = await createTestUser(api.app)
    const token = await resetToken(user)
    const res = await api.call('POST', NEW_PIN, {
      body: { email_id: user.email, new_password: '12', reset_token: token },
    })
    expect(res).toEqual({
      status: 400,
      body: { code: 'VALIDATION', message: 'Password must contain 4 digit only' },
    })
    expect((await login(user.email, user.pin)).status).toBe(200)
    const ok = await api.call('POST', NEW_PIN, {
      body: { email_id: user.email, new_password: '4321', reset_token: token },
    })
    expect(ok.status).toBe(200)
  })

  it('runs the signup flow to the end: verify, set the PIN with the reset token, log in', async () => {
    const user = await register(api, { pin: '1111' })
    const verified = await api.call('POST', '/api/v1/verify-otp-after-signup/', {
      body: { otp: user.code, request_id: user.requestId },
      token: user.token,
    })
    const res = await api.call('POST', NEW_PIN, {
      body: {
        email_id: user.email,
        new_password: '2222',
        reset_token: String(verified.body.reset_token),
      },
    })
    expect(res.status).toBe(200)
    expect((await login(user.email, '2222')).status).toBe(200)
    expect((await login(user.phone, '2222')).status).toBe(200)
  })
})
