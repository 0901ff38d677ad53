// A withdrawal to a UPI ID the account never withdrew to needs the account's PIN, checked by the
// server under the login's guess budget (docs/product.md#security), on both engines: no PIN and a
// wrong PIN are refused and change nothing (a wrong one counts toward the lock, shared with login),
// the right PIN is accepted once, and a known payee, in any letter case or spacing, needs none.
import crypto from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, grantCoins } from '../helpers/ledger.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'

describe.each(ENGINES)('withdrawals to a new payee on %s', (engine) => {
  // The conditions are the withdrawal tests' subject (earning-withdrawals.test.ts), not this file's.
  const api = withApi(engine, {
    rules: {
      ...DEFAULT_RULES,
      withdrawMinReferrals: 0,
      withdrawRequiresPlatformFee: false,
      withdrawMinVideos: 0,
    },
  })
  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  const richUser = async () => {
    const user = await createTestUser(api.app)
    await grantCoins(api.app, user.id, 500_000)
    return user
  }
  const withdraw = (user: TestUser, body: Record<string, unknown>, key = crypto.randomUUID()) =>
    api.call('POST', '/api/v1/add-withdraw/', {
      token: user.token,
      body,
      headers: { 'idempotency-key': key },
    })
  const withdrawals = async (user: TestUser) =>
    (
      await api.app.db
        .selectFrom('withdrawals')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
    ).length
  const wrongGuesses = async (user: TestUser) =>
    (
      await api.app.db
        .selectFrom('guess_budgets')
        .select('failed')
        .where('subject', '=', `pin:user:${user.id}`)
        .executeTakeFirst()
    )?.failed ?? 0
  const login = (user: TestUser, pin: string) =>
    api.call('POST', '/api/v1/user/login/', { body: { email: user.email, password: pin } })

  it('refuses a new UPI ID without the PIN, with a clear message, and changes nothing', async () => {
    const user = await richUser()
    const res = await withdraw(user, { upi_id: 'asha@okaxis', amount: 100 })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({
      code: 'PIN_REQUIRED',
      message: 'Enter your PIN to withdraw to a UPI ID you have not withdrawn to before.',
    })
    expect(await withdrawals(user)).toBe(0)
    expect(await wrongGuesses(user)).toBe(0)
  })

  it('refuses a wrong PIN, counts it toward the login budget, and locks on the 5th', async () => {
    const user = await richUser()
    const body = { upi_id: 'asha@okaxis', amount: 100, pin: '9999' }
    const first = await withdraw(user, body)
    expect(first.status).toBe(403)
    expect(first.body).toMatchObject({
      code: 'PIN_WRONG',
      tries_left: 4,
      message: 'Wrong PIN. 4 tries left before your account is locked.',
    })
    expect(await wrongGuesses(user)).toBe(1)
    for (const left of [3, 2, 1]) {
      const res = await withdraw(user, body)
      expect(res.body).toMatchObject({ code: 'PIN_WRONG', tries_left: left })
    }
    const fifth = await withdraw(user, body)
    expect(fifth.status).toBe(423)
    expect(fifth.body.code).toBe('ACCOUNT_LOCKED')
    // The same budget as logging in: the account is locked there too, even for the right PIN.
    const locked = await login(user, user.pin)
    expect(locked.status).toBe(423)
    const rightPin = await withdraw(user, { ...body, pin: user.pin })
    expect(rightPin.status).toBe(423)
    expect(await withdrawals(user)).toBe(0)
  })

  it('wrong PINs at login and at a withdrawal add up to one budget', async () => {
    const user = await richUser()
    for (let i = 0; i < 3; i++) expect((await login(user, '0000')).status).toBe(401)
    const res = await withdraw(user, { upi_id: 'asha@okaxis', amount: 100, pin: '0000' })
    expect(res.body).toMatchObject({ code: 'PIN_WRONG', tries_left: 1 })
    expect(await wrongGuesses(user)).toBe(4)
  })

  it('refuses a PIN that is not 4 digits without taking a guess', async () => {
    const user = await richUser()
    const res = await withdraw(user, { upi_id: 'asha@okaxis', amount: 100, pin: '12a4' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION')
    expect(await wrongGuesses(user)).toBe(0)
  })

  it('accepts the right PIN, clears the wrong guesses, and then knows the payee', async () => {
    const user = await richUser()
    await withdraw(user, { upi_id: 'asha@okaxis', amount: 100, pin: '0000' })
    expect(await wrongGuesses(user)).toBe(1)
    const key = crypto.randomUUID()
    const body = { upi_id: 'asha@okaxis', amount: 100, pin: user.pin }
    const ok = await withdraw(user, body, key)
    expect(ok.status).toBe(200)
    expect(await wrongGuesses(user)).toBe(0)
    // A replay of the same request answers the first answer; the PIN is not part of it.
    expect(await withdraw(user, body, key)).toEqual(ok)
    expect(await withdraw(user, { upi_id: 'asha@okaxis', amount: 100 }, key)).toEqual(ok)
    // Known now: no PIN needed, and a wrong one sent anyway is not looked at.
    expect((await withdraw(user, { upi_id: 'asha@okaxis', amount: 200 })).status).toBe(200)
    expect((await withdraw(user, { upi_id: 'asha@okaxis', amount: 50, pin: '0000' })).status).toBe(
      200,
    )
    expect(await wrongGuesses(user)).toBe(0)
    expect(await withdrawals(user)).toBe(3)
  })

  it('counts case and spacing variants of a known UPI ID as the same payee', async () => {
    const user = await richUser()
    expect(
      (await withdraw(user, { upi_id: 'Ravi.Kumar@OKAxis', amount: 100, pin: user.pin })).status,
    ).toBe(200)
    for (const variant of ['ravi.kumar@okaxis', 'RAVI.KUMAR@OKAXIS', '  ravi.kumar@okAXIS ']) {
      const res = await withdraw(user, { upi_id: variant, amount: 10 })
      expect(res.status, variant).toBe(200)
    }
    // Another account's payee is not this one's.
    const other = await richUser()
    const res = await withdraw(other, { upi_id: 'ravi.kumar@okaxis', amount: 10 })
    expect(res.body.code).toBe('PIN_REQUIRED')
  })

  it('lists the known UPI IDs in the withdrawal status, and a failed payout does not count', async () => {
    const user = await richUser()
    const status = async () =>
      (
        (await api.call('GET', '/api/v1/withdrawal-status/', { token: user.token })).body.data as {
          known_upi_ids: string[]
        }
      ).known_upi_ids
    expect(await status()).toEqual([])
    await withdraw(user, { upi_id: 'Asha@OKAXIS', amount: 100, pin: user.pin })
    const failed = await withdraw(user, { upi_id: 'old@ybl', amount: 100, pin: user.pin })
    expect(await status()).toEqual(['old@ybl', 'asha@okaxis'])
    const id = (failed.body.data as { withdrawal_id: number }).withdrawal_id
    // Failed (as an operator's fail-withdrawal or a bank file marks it): set here directly, since
    // a risk rule may hold this test user's withdrawal for review first.
    await api.app.db
      .updateTable('withdrawals')
      .set({ status: 'failed' })
      .where('id', '=', id)
      .execute()
    expect(await status()).toEqual(['asha@okaxis'])
    const again = await withdraw(user, { upi_id: 'old@ybl', amount: 100 })
    expect(again.body.code).toBe('PIN_REQUIRED')
  })
})
