// Every guess takes its slot before it is checked (docs/product.md#security), on both engines: a burst of
// parallel guesses from as many addresses, the right secret among them, checks no more guesses
// than the budget allows and gets no token, for PINs, reset codes, console passwords and
// authenticator codes. Login answers a real and an unknown address alike (status, body, lock,
// timing), and the unlock link of a lock mail gives the owner the account back.
import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { hashPool } from '../../server/lib/hash-pool.ts'
import { MINUTE, freshEmail, median, testClock } from './accounts-helpers.ts'

const LOGIN = '/api/v1/user/login/'
const OPS_LOGIN = '/api/v1/ops/login'
const FORGOT = '/api/v1/forgot-password/'
const VERIFY = '/api/v1/verify-otp/'
const UNLOCK = '/api/v1/unlock/'
const NEW_PIN = '/api/v1/new-password/'

/** The `n`th wrong 4-digit code after `code` (n from 0). */
const wrongCode = (code: string, n = 0) => String((Number(code) + 1 + n) % 10_000).padStart(4, '0')

/** 59 wrong 4-digit PINs, none equal to `right`, then `right` last. */
function burstOfPins(right: string): string[] {
  const wrong: string[] = []
  for (let n = 0; wrong.length < 59; n += 1) {
    const pin = String(n).padStart(4, '0')
    if (pin !== right) wrong.push(pin)
  }
  return [...wrong, right]
}

describe.each(ENGINES)('guess budgets under bursts on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 10_000, timeWindowMs: MINUTE },
  })

  let ipCounter = 0
  const nextIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`

  const login = (email: string, password: string, ip = nextIp()) =>
    api.call('POST', LOGIN, { body: { email, login_type: 'email', password }, ip })

  /** Runs `burst` and returns its answers with the number of hashes the pool ran meanwhile. */
  async function countingHashes<T>(
    burst: () => Promise<T>,
  ): Promise<{ answers: T; hashes: number }> {
    const before = hashPool.completed
    const answers = await burst()
    return { answers, hashes: hashPool.completed - before }
  }

  it('checks at most 5 of 60 parallel PINs from 60 addresses and gives the right one no token', async () => {
    const user = await createTestUser(api.app, { pin: '7391' })
    const { answers, hashes } = await countingHashes(() =>
      Promise.all(burstOfPins(user.pin).map((pin) => login(user.email, pin))),
    )
    expect(hashes).toBeLessThanOrEqual(5)
    expect(answers.some((a) => a.body.access_token !== undefined)).toBe(false)
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4)
    expect(statuses.filter((s) => s !== 401 && s !== 423)).toEqual([])
    expect(answers.at(-1)?.body.code).toBe('ACCOUNT_LOCKED')
    // The lock stands for the owner's right PIN too, until it ends.
    expect((await login(user.email, user.pin)).status).toBe(423)
    clock.advance(15 * MINUTE + 1000)
    expect((await login(user.email, user.pin)).status).toBe(200)
  })

  it('answers the same burst on an unknown address exactly as on an account, lock included', async () => {
    const user = await createTestUser(api.app, { pin: '5150' })
    const unknown = freshEmail()
    const wrongPins = burstOfPins('5150').slice(0, 20)
    const real = await Promise.all(wrongPins.map((pin) => login(user.email, pin)))
    const ghost = await Promise.all(wrongPins.map((pin) => login(unknown, pin)))
    const tally = (answers: typeof real) =>
      answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`).sort()
    expect(tally(ghost)).toEqual(tally(real))
    // Both stay locked for 15 minutes, then both answer 401 to a wrong PIN again.
    expect(await login(unknown, '1111')).toEqual(await login(user.email, '1111'))
    clock.advance(15 * MINUTE + 1000)
    const after = [await login(user.email, '1111'), await login(unknown, '1111')]
    expect(after.map((a) => a.status)).toEqual([401, 401])
  })

  it('answers real and unknown addresses alike in status, body and time, for good and malformed PINs', async () => {
    const user = await createTestUser(api.app, { pin: '2580' })
    const unknown = freshEmail()
    for (const pins of [
      ['1111', '2222', '3333', '4444'],
      ['12', 'abcd', '123456', ''],
    ]) {
      const times = { real: [] as number[], unknown: [] as number[] }
      const bodies = { real: [] as unknown[], unknown: [] as unknown[] }
      for (const pin of pins) {
        for (const who of ['real', 'unknown'] as const) {
          const started = performance.now()
          const res = await login(who === 'real' ? user.email : unknown, pin)
          times[who].push(performance.now() - started)
          bodies[who].push({ status: res.status, body: res.body })
        }
      }
      expect(bodies.unknown).toEqual(bodies.real)
      expect(Math.abs(median(times.real) - median(times.unknown))).toBeLessThan(30)
    }
  })

  it('checks at most 5 of 60 parallel reset codes and gives the right one no reset token', async () => {
    const user = await createTestUser(api.app)
    const before = api.smtp.messages.length
    expect((await api.call('POST', FORGOT, { body: { email_id: user.email } })).status).toBe(200)
    const code = await api.smtp.waitForCode(user.email, { after: before })
    const guesses = [...Array.from({ length: 59 }, (_, i) => wrongCode(code, i)), code]
    const { answers, hashes } = await countingHashes(() =>
      Promise.all(
        guesses.map((otp) =>
          api.call('POST', VERIFY, { body: { otp, email_id: user.email }, ip: nextIp() }),
        ),
      ),
    )
    expect(hashes).toBeLessThanOrEqual(5)
    expect(answers.some((a) => a.body.reset_token !== undefined)).toBe(false)
    expect(answers.filter((a) => a.body.code === 'OTP_INVALID').length).toBeLessThanOrEqual(5)
  })

  it('checks at most 5 of 20 parallel console passwords and gives the right one no session', async () => {
    const email = `ops.pw.${ipCounter}@example.com`
    const enrolment = await createTestOperator(api.app.db, email, 'operator', clock.now())
    const epoch = Math.floor(clock.now().getTime() / 1000)
    const totp = await generate({ secret: enrolment.totpSecret, epoch })
    const passwords = [
      ...Array.from({ length: 19 }, (_, i) => `${enrolment.password}-wrong-${i}`),
      enrolment.password,
    ]
    const { answers, hashes } = await countingHashes(() =>
      Promise.all(
        passwords.map((password) =>
          api.call('POST', OPS_LOGIN, { body: { email, password, totp }, ip: nextIp() }),
        ),
      ),
    )
    expect(hashes).toBeLessThanOrEqual(5)
    expect(answers.some((a) => a.body.token !== undefined)).toBe(false)
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(4)
    expect(answers.at(-1)?.body.code).toBe('ACCOUNT_LOCKED')
  })

  it('checks at most 5 of 20 parallel console logins with the right password and gives the right code no session', async () => {
    const email = `ops.${ipCounter}@example.com`
    const enrolment = await createTestOperator(api.app.db, email, 'operator', clock.now())
    const epoch = Math.floor(clock.now().getTime() / 1000)
    const right = await generate({ secret: enrolment.totpSecret, epoch })
    const codes = Array.from({ length: 19 }, (_, i) =>
      String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0'),
    )
    const { answers, hashes } = await countingHashes(() =>
      Promise.all(
        [...codes, right].map((totp) =>
          api.call('POST', OPS_LOGIN, {
            body: { email, password: enrolment.password, totp },
            ip: nextIp(),
          }),
        ),
      ),
    )
    expect(hashes).toBeLessThanOrEqual(5)
    expect(answers.some((a) => a.body.token !== undefined)).toBe(false)
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(4)
    // An unknown console email answers and locks alike.
    const ghostEmail = `ghost.${email}`
    const ghost = await Promise.all(
      [...codes, right].map((totp) =>
        api.call('POST', OPS_LOGIN, {
          body: { email: ghostEmail, password: enrolment.password, totp },
          ip: nextIp(),
        }),
      ),
    )
    const tally = (list: typeof answers) => list.map((a) => a.status).sort()
    expect(tally(ghost)).toEqual(tally(answers))
  })

  it('mails a single-use unlock link that clears the PIN and reset-code locks and sets a new PIN', async () => {
    const user = await createTestUser(api.app, { pin: '8642' })
    // A stranger spends the reset codes and the PINs.
    const before = api.smtp.messages.length
    await api.call('POST', FORGOT, { body: { email_id: user.email } })
    const code = await api.smtp.waitForCode(user.email, { after: before })
    for (let i = 0; i < 5; i += 1) {
      await api.call('POST', VERIFY, { body: { otp: wrongCode(code, i), email_id: user.email } })
    }
    clock.advance(MINUTE)
    const mark = api.smtp.messages.length
    await api.call('POST', FORGOT, { body: { email_id: user.email } })
    const second = await api.smtp.waitForCode(user.email, { after: mark })
    for (let i = 0; i < 5; i += 1) {
      await api.call('POST', VERIFY, { body: { otp: wrongCode(second, i), email_id: user.email } })
    }
    for (let i = 0; i < 5; i += 1) await login(user.email, '0000')
    expect((await login(user.email, user.pin)).status).toBe(423)
    await api.app.background.drain()
    const links = await api.smtp.waitForMatches(user.email, /unlock=([\w-]{43})/, 2)
    expect(links.length).toBe(2)
    const token = links[1]!

    const wrong = await api.call('POST', UNLOCK, {
      body: { email_id: user.email, unlock_token: 'x'.repeat(43) },
    })
    expect(wrong).toEqual({
      status: 400,
      body: { code: 'UNLOCK_LINK_INVALID', message: expect.stringContaining('unlock link') },
    })
    const unlocked = await api.call('POST', UNLOCK, {
      body: { email_id: user.email, unlock_token: token },
    })
    expect(unlocked.status).toBe(200)
    // The link works once.
    const again = await api.call('POST', UNLOCK, {
      body: { email_id: user.email, unlock_token: token },
    })
    expect(again.body.code).toBe('UNLOCK_LINK_INVALID')
    // Both locks are gone: the old PIN logs in, and a new reset code is accepted.
    expect((await login(user.email, user.pin)).status).toBe(200)
    clock.advance(MINUTE)
    const mark2 = api.smtp.messages.length
    await api.call('POST', FORGOT, { body: { email_id: user.email } })
    const fresh = await api.smtp.waitForCode(user.email, { after: mark2 })
    const verified = await api.call('POST', VERIFY, { body: { otp: fresh, email_id: user.email } })
    expect(verified.status).toBe(200)
    // The unlock's own reset token sets a new PIN.
    const reset = await api.call('POST', NEW_PIN, {
      body: {
        email_id: user.email,
        new_password: '1357',
        reset_token: unlocked.body.reset_token,
      },
    })
    expect(reset.status).toBe(200)
    expect((await login(user.email, '1357')).status).toBe(200)
  })

  it('answers 503 HASHING_BUSY with Retry-After while the hash pool is full, counting no guess', async () => {
    const user = await createTestUser(api.app, { pin: '4242' })
    // Fill every running and waiting place with other addresses' hashes that wait for a signal.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const { running, waiting } = hashPool.capacity
    // The waiting places go to an address lighter than the login's (server work never gives way).
    const fresh = () => `filler-${engine}-${ipCounter++}`
    const fillers = Array.from({ length: running + waiting }, (_, i) =>
      hashPool.run(i < running ? fresh() : null, () => released),
    )
    const res = await api.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: user.email, login_type: 'email', password: '0000' },
      remoteAddress: fresh(),
    })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({
      code: 'HASHING_BUSY',
      retry_after_seconds: expect.any(Number),
    })
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    release()
    await Promise.all(fillers)
    // The refused guess was never checked, so it took no slot of the budget.
    const budget = await api.app.db
      .selectFrom('guess_budgets')
      .select('failed')
      .where('subject', '=', `pin:user:${user.id}`)
      .executeTakeFirst()
    expect(budget?.failed ?? 0).toBe(0)
    expect((await login(user.email, user.pin)).status).toBe(200)
  })
})
