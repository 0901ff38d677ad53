// The per-account budgets of one-time codes and the PIN lock's cap (docs/product.md#security), on both engines:
// 10 wrong codes per account and purpose in 24 hours across codes and IPs, then the flow is locked
// for 24 hours (a right code too) and the owner mailed; 10 codes a day; the PIN lock never longer
// than 24 hours, mailed to the owner, cleared by a completed reset.
import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { MINUTE, register, testClock, wrongCode } from './accounts-helpers.ts'

const FORGOT = '/api/v1/forgot-password/'
const VERIFY = '/api/v1/verify-otp/'
const VERIFY_SIGNUP = '/api/v1/verify-otp-after-signup/'
const RESEND_SIGNUP = '/api/v1/send-signup-otp/'
const NEW_PIN = '/api/v1/new-password/'
const LOGIN = '/api/v1/user/login/'
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe.each(ENGINES)('one-time code budgets and the PIN lock cap on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 10_000, timeWindowMs: MINUTE },
    // Room for a burst's 5 checked codes on any machine: none is refused for load.
    hashPool: { concurrency: 1, maxQueued: 8, reserved: 1 },
  })

  /** A different client address for each call: the budget is per account, not per IP. */
  let ipCounter = 0
  const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`

  /** Asks for a reset code (after the countdown) and reads it from the mail. */
  async function requestResetCode(email: string): Promise<string> {
    clock.advance(MINUTE)
    const before = api.smtp.messages.length
    const res = await api.call('POST', FORGOT, { body: { email_id: email }, ip: nextIp() })
    expect(res.status).toBe(200)
    return api.smtp.waitForCode(email, { after: before })
  }

  /** Gives user `id`'s PIN budget `count` earlier locks (no lock in force). */
  const setLockCount = (id: number, count: number) =>
    api.app.db
      .insertInto('guess_budgets')
      .values({
        subject: `pin:user:${id}`,
        failed: 0,
        lock_count: count,
        locked_until: null,
        updated_at: clock.now().toISOString(),
      })
      .execute()

  const guessReset = (email: string, otp: string) =>
    api.call('POST', VERIFY, { body: { otp, email_id: email }, ip: nextIp() })

  /** Subjects of the mails sent to `email` so far. */
  async function subjectsTo(email: string): Promise<string[]> {
    await api.app.background.drain()
    return api.smtp.mailsTo(email).map((m) => m.raw.match(/^Subject: (.*)$/m)?.[1] ?? '')
  }

  it('locks the reset for 24 h at the 10th wrong code across codes and IPs, refusing even the right code, and mails the owner', async () => {
    const user = await createTestUser(api.app)
    // Code A: its own 5 tries spent.
    const a = await requestResetCode(user.email)
    for (let i = 0; i < 5; i += 1) {
      expect((await guessReset(user.email, wrongCode(a))).body.code).toBe('OTP_INVALID')
    }
    // Code B: 4 more wrong (9 in all).
    const b = await requestResetCode(user.email)
    for (let i = 0; i < 4; i += 1) {
      expect((await guessReset(user.email, wrongCode(b))).body.code).toBe('OTP_INVALID')
    }
    // Code C: the 10th wrong guess locks the flow.
    const c = await requestResetCode(user.email)
    const tenth = await guessReset(user.email, wrongCode(c))
    expect(tenth.status).toBe(423)
    expect(tenth.body).toMatchObject({ code: 'CODE_ENTRY_LOCKED', retry_after_seconds: 86_400 })
    expect(tenth.body.message).toBe('Too many wrong codes. PIN reset is locked for 24 hours.')
    // The right code of a live, unused code is refused too.
    const right = await guessReset(user.email, c)
    expect(right.status).toBe(423)
    expect(right.body.code).toBe('CODE_ENTRY_LOCKED')
    expect(await subjectsTo(user.email)).toContain('Code entry locked on your account')

    // No new code goes out while locked, yet forgot-password answers as always.
    const mails = api.smtp.messages.length
    clock.advance(MINUTE)
    const asked = await api.call('POST', FORGOT, { body: { email_id: user.email } })
    expect(asked).toEqual({ status: 200, body: { message: 'Otp sent to your email.' } })
    await api.app.background.drain()
    expect(api.smtp.messages.length).toBe(mails)

    // A day later the flow opens again and a right code passes.
    clock.advance(DAY)
    const fresh = await requestResetCode(user.email)
    expect((await guessReset(user.email, fresh)).status).toBe(200)
  })

  it('counts only wrong codes: a right code gives its guess back', async () => {
    const user = await createTestUser(api.app)
    for (let round = 0; round < 3; round += 1) {
      const code = await requestResetCode(user.email)
      for (let i = 0; i < 3; i += 1) {
        expect((await guessReset(user.email, wrongCode(code))).status).toBe(400)
      }
      expect((await guessReset(user.email, code)).status).toBe(200)
    }
    // 9 wrong guesses so far; the 10th locks.
    const code = await requestResetCode(user.email)
    expect((await guessReset(user.email, wrongCode(code))).status).toBe(423)
  })

  /** Wrong guesses counted today against `email`'s flows. */
  const countedGuesses = async (email: string) =>
    (await api.app.db.selectFrom('otp_guesses').select('id').where('address', '=', email).execute())
      .length

  /** 30 parallel wrong codes: 5 checked (tries left 4…0), 25 refused unchecked, no lock. */
  const expectBurstOfOneCode = (answers: { status: number; body: Record<string, unknown> }[]) => {
    const invalid = answers.filter((a) => a.body.code === 'OTP_INVALID')
    expect(invalid.map((a) => a.body.tries_left).sort()).toEqual([0, 1, 2, 3, 4])
    expect(answers.filter((a) => a.body.code === 'OTP_TOO_MANY_TRIES')).toHaveLength(25)
    expect(answers.every((a) => a.status === 400)).toBe(true)
  }

  it('checks 5 of 30 parallel wrong reset codes on one code, counts 5 and locks nothing', async () => {
    const user = await createTestUser(api.app)
    const code = await requestResetCode(user.email)
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => guessReset(user.email, wrongCode(code, n))),
    )
    expectBurstOfOneCode(answers)
    expect(await countedGuesses(user.email)).toBe(5)
    // The flow is open: a fresh code is mailed and verifies.
    const fresh = await requestResetCode(user.email)
    const ok = await guessReset(user.email, fresh)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  })

  it('checks 5 of 30 parallel wrong signup codes on one code and the owner still verifies', async () => {
    const user = await register(api)
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        api.call('POST', VERIFY_SIGNUP, {
          body: { otp: wrongCode(user.code, n), request_id: user.requestId },
          ip: nextIp(),
        }),
      ),
    )
    expectBurstOfOneCode(answers)
    expect(await countedGuesses(user.email.toLowerCase())).toBe(5)
    clock.advance(MINUTE)
    const before = api.smtp.messages.length
    const resent = await api.call('POST', RESEND_SIGNUP, { body: { email_id: user.email } })
    expect(resent.status, JSON.stringify(resent.body)).toBe(200)
    const code = await api.smtp.waitForCode(user.email, { after: before })
    const requestId = (resent.body.otp_response as { requestId: string }).requestId
    const ok = await api.call('POST', VERIFY_SIGNUP, { body: { otp: code, request_id: requestId } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  })

  it('locks at the 10th checked wrong code across two codes, even in bursts', async () => {
    const user = await createTestUser(api.app)
    for (let round = 0; round < 2; round += 1) {
      const code = await requestResetCode(user.email)
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) => guessReset(user.email, wrongCode(code, n))),
      )
      if (round === 0) expectBurstOfOneCode(answers)
      else expect(answers.some((a) => a.body.code === 'CODE_ENTRY_LOCKED')).toBe(true)
    }
    expect(await countedGuesses(user.email)).toBe(10)
  })

  it('locks the signup code after 10 wrong codes across resends, refusing the right code', async () => {
    const user = await register(api)
    let requestId = user.requestId
    let code = user.code
    for (let i = 1; i <= 10; i += 1) {
      if (i === 6) {
        // The first code's 5 tries are spent: a resend after its countdown.
        clock.advance(MINUTE)
        const before = api.smtp.messages.length
        const resent = await api.call('POST', RESEND_SIGNUP, { body: { email_id: user.email } })
        expect(resent.status).toBe(200)
        requestId = (resent.body.otp_response as { requestId: string }).requestId
        code = await api.smtp.waitForCode(user.email, { after: before })
      }
      const res = await api.call('POST', VERIFY_SIGNUP, {
        body: { otp: wrongCode(code), request_id: requestId },
        ip: nextIp(),
      })
      expect(res.status).toBe(i < 10 ? 400 : 423)
    }
    const right = await api.call('POST', VERIFY_SIGNUP, {
      body: { otp: code, request_id: requestId },
      token: user.token,
    })
    expect(right.status).toBe(423)
    expect(right.body.message).toBe(
      'Too many wrong codes. Email verification is locked for 24 hours.',
    )
    const verified = await api.app.db
      .selectFrom('users')
      .select('email_verified')
      .where('email', '=', user.email.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(verified.email_verified).toBe(0)
    expect(await subjectsTo(user.email)).toContain('Code entry locked on your account')
  })

  it('mails at most 10 reset codes a day per account, silently', async () => {
    const user = await createTestUser(api.app)
    for (let i = 0; i < 10; i += 1) await requestResetCode(user.email)
    const mails = api.smtp.messages.length
    clock.advance(MINUTE)
    const eleventh = await api.call('POST', FORGOT, { body: { email_id: user.email } })
    expect(eleventh).toEqual({ status: 200, body: { message: 'Otp sent to your email.' } })
    await api.app.background.drain()
    expect(api.smtp.messages.length).toBe(mails)
    const rows = await api.app.db
      .selectFrom('otp_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute()
    expect(rows).toHaveLength(10)
    clock.advance(DAY)
    await requestResetCode(user.email)
  })

  it('refuses an 11th signup code in a day with 429 TOO_MANY_CODES', async () => {
    const user = await register(api)
    // The registration mailed the first code; nine resends make ten.
    for (let i = 0; i < 9; i += 1) {
      clock.advance(MINUTE)
      const res = await api.call('POST', RESEND_SIGNUP, { body: { email_id: user.email } })
      expect(res.status).toBe(200)
    }
    clock.advance(MINUTE)
    const eleventh = await api.call('POST', RESEND_SIGNUP, { body: { email_id: user.email } })
    expect(eleventh.status).toBe(429)
    expect(eleventh.body.code).toBe('TOO_MANY_CODES')
    // Logging in still works and names the newest code.
    const login = await api.call('POST', LOGIN, {
      body: { email: user.email, login_type: 'email', password: user.pin },
    })
    expect(login.status).toBe(417)
  })

  it('caps the doubling PIN lock at 24 hours and mails the owner the way back', async () => {
    const user = await createTestUser(api.app)
    // An account locked many times before: the next lock would be 15 min × 2^20 uncapped.
    await setLockCount(user.id, 20)
    let last = { status: 0, body: {} as Record<string, unknown> }
    for (let i = 0; i < 5; i += 1) {
      last = await api.call('POST', LOGIN, {
        body: { email: user.email, login_type: 'email', password: '0000' },
        ip: nextIp(),
      })
    }
    expect(last.status).toBe(423)
    expect(last.body.retry_after_seconds).toBe(86_400)
    const state = await api.app.db
      .selectFrom('guess_budgets')
      .select(['locked_until', 'lock_count'])
      .where('subject', '=', `pin:user:${user.id}`)
      .executeTakeFirstOrThrow()
    expect(Date.parse(state.locked_until!) - clock.now().getTime()).toBe(DAY)
    await api.app.background.drain()
    const notice = api.smtp.messages.find(
      (m) => m.to.includes(user.email) && m.raw.includes('Your account was locked'),
    )
    expect(notice?.raw).toMatch(/update-password\?email=/)

    // A completed reset clears the lock at once.
    const code = await requestResetCode(user.email)
    const verified = await guessReset(user.email, code)
    const reset = await api.call('POST', NEW_PIN, {
      body: { email_id: user.email, new_password: '6060', reset_token: verified.body.reset_token },
    })
    expect(reset.status).toBe(200)
    const login = await api.call('POST', LOGIN, {
      body: { email: user.email, login_type: 'email', password: '6060' },
    })
    expect(login.status).toBe(200)
    const cleared = await api.app.db
      .selectFrom('guess_budgets')
      .selectAll()
      .where('subject', '=', `pin:user:${user.id}`)
      .executeTakeFirst()
    expect(cleared).toBeUndefined()
  })

  it('caps every later lock at 24 hours too (lock_count far past any doubling)', async () => {
    const user = await createTestUser(api.app)
    await setLockCount(user.id, 1_000_000)
    for (let i = 0; i < 5; i += 1) {
      await api.call('POST', LOGIN, {
        body: { email: user.email, login_type: 'email', password: '0000' },
      })
    }
    const right = await api.call('POST', LOGIN, {
      body: { email: user.email, login_type: 'email', password: user.pin },
    })
    expect(right.status).toBe(423)
    expect(right.body.retry_after_seconds).toBe(86_400)
    clock.advance(DAY + 1000)
    const later = await api.call('POST', LOGIN, {
      body: { email: user.email, login_type: 'email', password: user.pin },
    })
    expect(later.status).toBe(200)
  })
})
