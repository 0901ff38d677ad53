// Forgot-password tells nobody who has an account (docs/product.md#security), on both engines: a known address,
// an unknown one and one whose resend countdown still runs get the same status and body within tens
// of milliseconds of each other, and the mail leaves only after the answer.
import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { MINUTE, freshEmail, median, testClock } from './accounts-helpers.ts'

const FORGOT = '/api/v1/forgot-password/'
const ANSWER = { status: 200, body: { message: 'Otp sent to your email.' } }

describe.each(ENGINES)('forgot-password answers every address alike on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 1000, timeWindowMs: MINUTE },
  })

  async function timedAsk(email: string) {
    const started = performance.now()
    const res = await api.call('POST', FORGOT, { body: { email_id: email } })
    return { res, ms: performance.now() - started }
  }

  it('answers known, unknown and too-soon addresses with the same status, body and timing', async () => {
    const known = await createTestUser(api.app)
    const waiting = await createTestUser(api.app)
    // `waiting` has a fresh code, so its next request falls inside the countdown.
    expect(await api.call('POST', FORGOT, { body: { email_id: waiting.email } })).toEqual(ANSWER)
    await api.app.background.drain()

    const times: Record<'known' | 'unknown' | 'tooSoon', number[]> = {
      known: [],
      unknown: [],
      tooSoon: [],
    }
    for (let round = 0; round < 7; round += 1) {
      // A minute apart, so every `known` request is one that mails a code.
      clock.advance(MINUTE)
      // Each answer is timed with no earlier mail still being sent, so only the answer is measured.
      const k = await timedAsk(known.email)
      await api.app.background.drain()
      const u = await timedAsk(freshEmail())
      await api.app.background.drain()
      // Re-arm `waiting`'s countdown: its code is from this very moment.
      await api.app.db
        .updateTable('otp_codes')
        .set({ created_at: clock.now().toISOString() })
        .where('user_id', '=', waiting.id)
        .execute()
      const w = await timedAsk(waiting.email)
      for (const r of [k, u, w]) expect(r.res).toEqual(ANSWER)
      times.known.push(k.ms)
      times.unknown.push(u.ms)
      times.tooSoon.push(w.ms)
      await api.app.background.drain()
    }
    const medians = [median(times.known), median(times.unknown), median(times.tooSoon)]
    expect(Math.max(...medians) - Math.min(...medians)).toBeLessThan(30)
    // Only the known address got codes: one per round.
    const codes = await api.app.db
      .selectFrom('otp_codes')
      .select('id')
      .where('user_id', '=', known.id)
      .execute()
    expect(codes).toHaveLength(7)
  })

  it('sends the code after the answer has gone out', async () => {
    const user = await createTestUser(api.app)
    const before = api.smtp.messages.length
    const res = await api.call('POST', FORGOT, { body: { email_id: user.email } })
    expect(res).toEqual(ANSWER)
    // The answer is out; the code is hashed, stored and mailed afterwards.
    expect(api.smtp.messages.length).toBe(before)
    expect(await api.smtp.waitForCode(user.email, { after: before })).toMatch(/^\d{4}$/)
  })

  it('never answers 429 for a real address that asks again at once', async () => {
    const user = await createTestUser(api.app)
    for (let i = 0; i < 5; i += 1) {
      expect(await api.call('POST', FORGOT, { body: { email_id: user.email } })).toEqual(ANSWER)
    }
    await api.app.background.drain()
    const codes = await api.app.db
      .selectFrom('otp_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute()
    expect(codes).toHaveLength(1)
  })
})
