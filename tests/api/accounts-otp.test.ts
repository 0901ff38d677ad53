import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { MINUTE, register, registerVerified, testClock, wrongCode } from './accounts-helpers.ts'

const VERIFY = '/api/v1/verify-otp-after-signup/'
const RESEND = '/api/v1/send-signup-otp/'

describe.each(ENGINES)('signup OTP on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 1000, timeWindowMs: MINUTE },
  })

  const verify = (otp: string, requestId: string, headers: Record<string, string> = {}) =>
    api.call('POST', VERIFY, { body: { otp, request_id: requestId }, headers })

  const userRow = (email: string) =>
    api.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow()

  it('verifies the email with the mailed code and returns a reset token', async () => {
    const user = await register(api)
    const res = await verify(user.code, user.requestId, { authorization: `Bearer ${user.token}` })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('OTP verified successfully!')
    expect(res.body.reset_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const row = await userRow(user.email)
    expect(row.email_verified).toBe(1)
    const me = await api.call('GET', '/api/v1/get-user/', { token: user.token })
    expect(me.body.email_verified).toBe(true)
    const code = await api.app.db
      .selectFrom('otp_codes')
      .select('used_at')
      .where('request_id', '=', user.requestId)
      .executeTakeFirstOrThrow()
    expect(code.used_at).not.toBeNull()
  })

  it('stores the reset token as its SHA-256 only, valid 15 minutes', async () => {
    const user = await register(api)
    const res = await verify(user.code, user.requestId)
    const row = await userRow(user.email)
    const tokens = await api.app.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', row.id)
      .execute()
    expect(tokens).toHaveLength(1)
    expect(tokens[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(tokens[0]?.token_hash).not.toBe(res.body.reset_token)
    const minutes = (Date.parse(tokens[0]?.expires_at ?? '') - clock.now().getTime()) / MINUTE
    expect(minutes).toBeGreaterThan(14.9)
    expect(minutes).toBeLessThanOrEqual(15)
  })

  it('verifies without Authorization (the hotemailemail flow) and with a bare token', async () => {
    const a = await register(api)
    expect((await verify(a.code, a.requestId)).status).toBe(200)
    const b = await register(api)
    expect((await verify(b.code, b.requestId, { authorization: b.token })).status).toBe(200)
  })

  it("refuses another user's token with 403 OTP_WRONG_USER and changes nothing", async () => {
    const user = await register(api)
    const other = await createTestUser(api.app)
    const res = await verify(user.code, user.requestId, { authorization: `Bearer ${other.token}` })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('OTP_WRONG_USER')
    expect((await userRow(user.email)).email_verified).toBe(0)
    expect((await verify(user.code, user.requestId)).status).toBe(200)
  })

  it('verifies by the address alone (a new browser session, no request id stored)', async () => {
    const user = await register(api)
    const wrong = await api.call('POST', VERIFY, {
      body: { otp: wrongCode(user.code), email_id: user.email.toUpperCase() },
    })
    expect(wrong).toEqual({
      status: 400,
      body: { code: 'OTP_INVALID', message: 'Enter Correct OTP', tries_left: 4 },
    })
    const res = await api.call('POST', VERIFY, { body: { otp: user.code, email_id: user.email } })
    expect(res.status).toBe(200)
    expect(res.body.reset_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await userRow(user.email)).email_verified).toBe(1)
  })

  it("refuses the address path with another user's token, and a body with neither key", async () => {
    const user = await register(api)
    const other = await createTestUser(api.app)
    const res = await api.call('POST', VERIFY, {
      body: { otp: user.code, email_id: user.email },
      headers: { authorization: `Bearer ${other.token}` },
    })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('OTP_WRONG_USER')
    const refused = await api.call('POST', VERIFY, { body: { otp: user.code } })
    expect(refused.status).toBe(400)
    expect(refused.body.code).not.toBe('OTP_INVALID')
    expect((await userRow(user.email)).email_verified).toBe(0)
  })

  it('refuses a wrong code with 400 OTP_INVALID, Enter Correct OTP and the tries left', async () => {
    const user = await register(api)
    const res = await verify(wrongCode(user.code), user.requestId)
    expect(res).toEqual({
      status: 400,
      body: { code: 'OTP_INVALID', message: 'Enter Correct OTP', tries_left: 4 },
    })
    expect((await userRow(user.email)).email_verified).toBe(0)
  })

  it('refuses even the right code after 5 wrong tries', async () => {
    const user = await register(api)
    for (let left = 4; left >= 0; left -= 1) {
      const res = await verify(wrongCode(user.code), user.requestId)
      expect(res.body).toEqual({
        code: 'OTP_INVALID',
        message: 'Enter Correct OTP',
        tries_left: left,
      })
    }
    const res = await verify(user.code, user.requestId)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('OTP_TOO_MANY_TRIES')
    expect((await userRow(user.email)).email_verified).toBe(0)
  })

  it('spends exactly 5 tries when many wrong codes arrive at the same time', async () => {
    const user = await register(api)
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => verify(wrongCode(user.code), user.requestId)),
    )
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === 'OTP_INVALID')).toHaveLength(5)
    expect(codes.filter((c) => c === 'OTP_TOO_MANY_TRIES')).toHaveLength(4)
    expect((await verify(user.code, user.requestId)).body.code).toBe('OTP_TOO_MANY_TRIES')
  })

  it('refuses a code that is not 4 digits as a wrong try', async () => {
    const user = await register(api)
    const res = await verify('12', user.requestId)
    expect(res.body).toEqual({ code: 'OTP_INVALID', message: 'Enter Correct OTP', tries_left: 4 })
  })

  it('accepts the code just before 10 minutes and refuses it after, with OTP_EXPIRED', async () => {
    const early = await register(api)
    const late = await register(api)
    clock.advance(10 * MINUTE - 2000)
    expect((await verify(early.code, early.requestId)).status).toBe(200)
    clock.advance(3000)
    const res = await verify(late.code, late.requestId)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('OTP_EXPIRED')
    expect((await userRow(late.email)).email_verified).toBe(0)
  })

  it('refuses a used code with OTP_USED', async () => {
    const user = await register(api)
    expect((await verify(user.code, user.requestId)).status).toBe(200)
    const again = await verify(user.code, user.requestId)
    expect(again.status).toBe(400)
    expect(again.body.code).toBe('OTP_USED')
  })

  it('refuses an unknown request id with OTP_INVALID', async () => {
    const res = await verify('1234', 'no-such-request')
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('OTP_INVALID')
  })

  it("binds a code to its address: one user's code does not verify another's request", async () => {
    const a = await register(api)
    const b = await register(api)
    const res = await verify(a.code, b.requestId)
    if (a.code === b.code) {
      // 1 in 10,000: the two random codes coincide; then it is simply b's right code.
      expect(res.status).toBe(200)
    } else {
      expect(res.body.code).toBe('OTP_INVALID')
      expect((await userRow(b.email)).email_verified).toBe(0)
    }
    expect((await userRow(a.email)).email_verified).toBe(0)
  })

  it('binds a code to its purpose: a signup code does not pass the reset check', async () => {
    const user = await register(api)
    const res = await api.call('POST', '/api/v1/verify-otp/', {
      body: { otp: user.code, email_id: user.email },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('OTP_INVALID')
    expect((await verify(user.code, user.requestId)).status).toBe(200)
  })

  it('refuses a resend before 59 seconds with 429 RESEND_TOO_SOON', async () => {
    const user = await register(api)
    clock.advance(20_000)
    const res = await api.call('POST', RESEND, { body: { email_id: user.email } })
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('RESEND_TOO_SOON')
    expect(res.body.retry_after_seconds).toBe(39)
    expect(res.body.message).toBe('Please wait 39 seconds before requesting a new code.')
  })

  it('resends after 59 seconds; the new code replaces the old one', async () => {
    const user = await register(api)
    clock.advance(59_000)
    const before = api.smtp.messages.length
    const res = await api.call('POST', RESEND, { body: { email_id: user.email.toUpperCase() } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('OTP has been resent to your email!')
    const requestId = (res.body.otp_response as { requestId: string }).requestId
    expect(requestId).not.toBe(user.requestId)
    const code = await api.smtp.waitForCode(user.email, { after: before })
    const row = await api.app.db
      .selectFrom('otp_codes')
      .select(['resend_after_seconds', 'code_hash'])
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow()
    expect(row.resend_after_seconds).toBe(59)
    expect(row.code_hash).not.toContain(code)
    // A resend again before its own 59 s is refused.
    clock.advance(30_000)
    expect((await api.call('POST', RESEND, { body: { email_id: user.email } })).status).toBe(429)

    if (code !== user.code) {
      const old = await verify(user.code, requestId)
      expect(old.body.code).toBe('OTP_INVALID')
    }
    // The newest code passes, named by the first request id too.
    expect((await verify(code, user.requestId)).status).toBe(200)
  })

  it('answers a verified, an unknown and a pending address alike, mailing only the pending one', async () => {
    const verified = await registerVerified(api)
    const pending = await register(api)
    clock.advance(MINUTE)
    const before = api.smtp.messages.length
    const answers = await Promise.all(
      [verified.email, 'ghost@example.com', pending.email].map((email) =>
        api.call('POST', RESEND, { body: { email_id: email } }),
      ),
    )
    for (const res of answers) {
      expect(res.status).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(['message', 'otp_response'])
      expect(res.body.message).toBe('OTP has been resent to your email!')
      expect((res.body.otp_response as { requestId: string }).requestId).toMatch(/^[\w-]{43}$/)
    }
    const code = await api.smtp.waitForCode(pending.email, { after: before })
    await api.app.background.drain()
    expect(api.smtp.messages.slice(before).map((m) => m.to)).toEqual([
      [pending.email.toLowerCase()],
    ])
    // The pending account's new code verifies; a decoy's request id never does.
    const pendingId = (answers[2]!.body.otp_response as { requestId: string }).requestId
    expect((await verify(code, pendingId)).status).toBe(200)
    const ghostId = (answers[1]!.body.otp_response as { requestId: string }).requestId
    expect((await verify(code, ghostId)).body.code).toBe('OTP_INVALID')
    // The countdown holds for every address alike.
    for (const email of [verified.email, 'ghost@example.com']) {
      const again = await api.call('POST', RESEND, { body: { email_id: email } })
      expect(again.status).toBe(429)
      expect(again.body.code).toBe('RESEND_TOO_SOON')
    }
  })

  it('keeps the user verified and refuses the spent code once the email is verified', async () => {
    const user = await registerVerified(api)
    const again = await verify(user.code, user.requestId)
    expect(again.body.code).toBe('OTP_USED')
    expect((await userRow(user.email)).email_verified).toBe(1)
  })

  it('refuses a body without request_id with 400 VALIDATION', async () => {
    const res = await api.call('POST', VERIFY, { body: { otp: '1234' } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION')
  })
})
