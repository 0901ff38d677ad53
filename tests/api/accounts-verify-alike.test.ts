// Verify-otp tells nobody who has an account (docs/product.md#security), on both engines: after a
// forgot-password request, an address with no account holds a decoy code that is never mailed and
// never matches, so every answer of `POST /verify-otp/` (tries left, too many tries, expired, the
// 24-hour lock) is the same for it as for an account's address, at the same speed.
import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { hashSecret } from '../../server/lib/crypto.ts'
import { MINUTE, freshEmail, median, testClock, wrongCode } from './accounts-helpers.ts'

const FORGOT = '/api/v1/forgot-password/'
const VERIFY = '/api/v1/verify-otp/'
const NEW_PIN = '/api/v1/new-password/'

/** Answer times (ms) for an account's address and for an address with no account. */
type Times = Record<'known' | 'unknown', number[]>

/** The difference of the two addresses' median answer times (ms). */
const medianGap = (times: Times) => Math.abs(median(times.known) - median(times.unknown))

/**
 * Times `call` for the account's address, then for the other, `rounds` times, adding each
 * duration (ms) to `times`; `call` gets the address and the round, and checks its own answer.
 */
async function timeBoth(
  times: Times,
  addresses: Record<keyof Times, string>,
  rounds: number,
  call: (email: string, round: number) => Promise<void>,
): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    for (const who of ['known', 'unknown'] as const) {
      const started = performance.now()
      await call(addresses[who], round)
      times[who].push(performance.now() - started)
    }
  }
}

describe.each(ENGINES)('verify-otp answers every address alike on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 10_000, timeWindowMs: MINUTE },
  })

  /** Asks forgot-password for each address and waits until the work after the answer is done. */
  async function forgot(...emails: string[]): Promise<void> {
    for (const email of emails) {
      const res = await api.call('POST', FORGOT, { body: { email_id: email } })
      expect(res).toEqual({ status: 200, body: { message: 'Otp sent to your email.' } })
    }
    await api.app.background.drain()
  }

  const verify = (email: string, otp: string) =>
    api.call('POST', VERIFY, { body: { otp, email_id: email } })

  /** The same guess for both addresses; the two answers must be equal. Returns the answer. */
  async function guessBoth(known: string, unknown: string, otp: string) {
    const a = await verify(known, otp)
    const b = await verify(unknown, otp)
    expect(b).toEqual(a)
    return a
  }

  it('gives an address with no account the same answers as an account through tries, expiry and the lock', async () => {
    const user = await createTestUser(api.app)
    const unknown = freshEmail()
    const mailsBefore = api.smtp.messages.length

    // Before any request neither address has a code.
    expect((await guessBoth(user.email, unknown, '1234')).body.code).toBe('OTP_INVALID')

    clock.advance(MINUTE)
    const firstMail = api.smtp.messages.length
    await forgot(user.email, unknown)
    const code = await api.smtp.waitForCode(user.email, { after: firstMail })
    const guess = wrongCode(code)

    // Code 1: 5 tries, counted down alike, then too many tries.
    for (let left = 4; left >= 0; left -= 1) {
      const res = await guessBoth(user.email, unknown, guess)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'OTP_INVALID', tries_left: left })
    }
    expect((await guessBoth(user.email, unknown, guess)).body.code).toBe('OTP_TOO_MANY_TRIES')

    // A request inside the 10-second countdown stores nothing for either address.
    clock.advance(5_000)
    await forgot(user.email, unknown)
    expect((await guessBoth(user.email, unknown, guess)).body.code).toBe('OTP_TOO_MANY_TRIES')

    // Code 2: 4 wrong (9 in all), then it expires.
    clock.advance(MINUTE)
    await forgot(user.email, unknown)
    for (let left = 4; left >= 1; left -= 1) {
      expect((await guessBoth(user.email, unknown, guess)).body).toMatchObject({
        code: 'OTP_INVALID',
        tries_left: left,
      })
    }
    clock.advance(11 * MINUTE)
    expect((await guessBoth(user.email, unknown, guess)).body.code).toBe('OTP_EXPIRED')

    // Code 3: the 10th wrong code in 24 hours locks both addresses' reset for 24 hours.
    await forgot(user.email, unknown)
    const tenth = await guessBoth(user.email, unknown, guess)
    expect(tenth.status).toBe(423)
    expect(tenth.body).toMatchObject({ code: 'CODE_ENTRY_LOCKED', retry_after_seconds: 86_400 })
    clock.advance(MINUTE)
    await forgot(user.email, unknown)
    expect((await guessBoth(user.email, unknown, guess)).body).toMatchObject({
      code: 'CODE_ENTRY_LOCKED',
      retry_after_seconds: 86_400 - 60,
    })

    // Only the account's owner was mailed (3 codes and the lock notice); the other address never.
    await api.app.background.drain()
    const sent = api.smtp.messages.slice(mailsBefore)
    expect(sent.filter((m) => m.to.includes(unknown.toLowerCase()))).toHaveLength(0)
    expect(sent.filter((m) => m.to.includes(user.email.toLowerCase()))).toHaveLength(4)
  })

  it('takes as long to refuse a guess for an address with no account as for an account', async () => {
    const user = await createTestUser(api.app)
    const unknown = freshEmail()
    const times: Times = { known: [], unknown: [] }
    for (let code = 0; code < 2; code += 1) {
      clock.advance(MINUTE)
      const before = api.smtp.messages.length
      await forgot(user.email, unknown)
      const guess = wrongCode(await api.smtp.waitForCode(user.email, { after: before }))
      await timeBoth(times, { known: user.email, unknown }, 4, async (email, i) => {
        const res = await verify(email, guess)
        expect(res.body).toMatchObject({ code: 'OTP_INVALID', tries_left: 4 - i })
      })
    }
    // Both run the same scrypt check; a skipped check would show as a gap.
    expect(medianGap(times)).toBeLessThan(30)
  })

  it('refuses a wrong reset token as fast for an account as for an address with no account', async () => {
    const user = await createTestUser(api.app)
    const unknown = freshEmail()
    const times: Times = { known: [], unknown: [] }
    await timeBoth(times, { known: user.email, unknown }, 8, async (email, i) => {
      const res = await api.call('POST', NEW_PIN, {
        body: { email_id: email, new_password: '6060', reset_token: `wrong-${i}` },
      })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('RESET_TOKEN_INVALID')
    })
    // Hashing the new PIN before the token check would add the scrypt time to the account's side.
    expect(medianGap(times)).toBeLessThan(30)
  })

  it('never lets a decoy code through, even one whose hash matched', async () => {
    const unknown = freshEmail()
    clock.advance(MINUTE)
    await forgot(unknown)
    const decoys = await api.app.db
      .selectFrom('otp_codes')
      .select(['id', 'user_id'])
      .where('address', '=', unknown.toLowerCase())
      .execute()
    expect(decoys).toEqual([{ id: expect.any(Number), user_id: null }])
    // Even if the decoy's hash were one of a 4-digit code, no reset token is issued for it.
    await api.app.db
      .updateTable('otp_codes')
      .set({ code_hash: await hashSecret('1234') })
      .where('id', '=', decoys[0]!.id)
      .execute()
    const tokens = await api.app.db
      .selectFrom('password_reset_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const res = await verify(unknown, '1234')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'OTP_INVALID', tries_left: 4 })
    const after = await api.app.db
      .selectFrom('password_reset_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(tokens.n))
  })

  it('stores at most 10 decoys a day for one address, as for an account', async () => {
    const unknown = freshEmail()
    for (let i = 0; i < 12; i += 1) {
      clock.advance(2 * MINUTE)
      await forgot(unknown)
    }
    const rows = await api.app.db
      .selectFrom('otp_codes')
      .select('user_id')
      .where('address', '=', unknown.toLowerCase())
      .execute()
    expect(rows).toHaveLength(10)
    expect(rows.every((r) => r.user_id === null)).toBe(true)
  })
})
