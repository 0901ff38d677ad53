// Withdrawals (docs/product.md#rules, #transparency): every condition refused without change, holds in the ledger,
// concurrency, paid and failed, on both engines; the ledger is checked after every test.
import crypto from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import {
  addReferredFriends,
  createEligibleUser,
  createTestUser,
  type TestUser,
} from '../helpers/users.ts'
import { assertLedgerBalanced, grantCoins, testClock } from '../helpers/ledger.ts'
import { appContext } from '../../server/context.ts'
import { failWithdrawal, payWithdrawal } from '../../server/earning/withdrawals.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'

describe.each(ENGINES)('withdrawals on %s', (engine) => {
  const clock = testClock()
  const overrides = { clock: clock.now }
  const api = withApi(engine, overrides)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  const addFriends = (user: TestUser, count: number, verified = true) =>
    addReferredFriends(api.app, user, count, { verified })
  /** A user who meets every condition, with `coins` in the balance. */
  const eligibleUser = (coins = 150_000) => createEligibleUser(api.app, { coins })
  /** The user's own UPI ID: accounts paid to one UPI ID are held (risk rule shared_payout). */
  const upiOf = (user: TestUser) => `asha${user.id}@upi`
  /** `POST /add-withdraw/` with the user's PIN (the payee may be new: tests/api/withdrawal-payees.test.ts). */
  const withdraw = (user: TestUser, body: object, key: string = crypto.randomUUID()) =>
    api.call('POST', '/api/v1/add-withdraw/', {
      token: user.token,
      body: { ...body, pin: user.pin },
      headers: { 'idempotency-key': key },
    })
  /**
   * A first ₹100 withdrawal (10,100 coins with the fee) to the user's own UPI ID, so it is a known
   * payee: concurrent requests then need no PIN, whose hashes the bounded pool would turn away.
   */
  const knowPayee = async (user: TestUser) => {
    const res = await api.call('POST', '/api/v1/add-withdraw/', {
      token: user.token,
      body: { upi_id: upiOf(user), amount: 100, pin: user.pin },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    expect(res.status).toBe(200)
  }
  /** `POST /add-withdraw/` to a known payee, without the PIN. */
  const withdrawKnown = (user: TestUser, body: object, key: string = crypto.randomUUID()) =>
    api.call('POST', '/api/v1/add-withdraw/', {
      token: user.token,
      body,
      headers: { 'idempotency-key': key },
    })
  const snapshot = async (user: TestUser) => ({
    points: (
      await api.app.db
        .selectFrom('users')
        .select('points')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).points,
    ledger: (
      await api.app.db
        .selectFrom('ledger_entries')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
    ).length,
    withdrawals: (
      await api.app.db
        .selectFrom('withdrawals')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
    ).length,
  })
  /** Expects a refusal with `status`/`code` that changed nothing. */
  const expectRefused = async (user: TestUser, body: object, status: number, code: string) => {
    const before = await snapshot(user)
    const res = await withdraw(user, body)
    expect(res.status).toBe(status)
    expect(res.body.code).toBe(code)
    expect(await snapshot(user)).toEqual(before)
    return res
  }

  it('holds amount + fee coins as pending ledger rows and answers the contract', async () => {
    const user = await eligibleUser(150_000)
    const res = await withdraw(user, { upi_id: 'asha.k@okaxis', amount: 500 })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Withdrawal request submitted successfully!')
    const data = res.body.data as { withdrawal_id: number }
    // A free-plan user: the free plan's 7 days (SEED_PLANS), due 7 days after the request.
    expect(res.body.data).toEqual({
      withdrawal_id: data.withdrawal_id,
      amount: 500,
      fee: 1,
      status: 'requested',
      withdrawl_days: 7,
      due_at: clock.iso(7 * 86_400),
    })
    expect((await snapshot(user)).points).toBe(150_000 - 50_100)
    const wallet = await api.call('GET', '/api/v1/wallet/', { token: user.token })
    const w = wallet.body.data as {
      balance: number
      entries: Record<string, unknown>[]
      withdrawals: Record<string, unknown>[]
    }
    expect(w.balance).toBe(99_900)
    expect(w.entries.slice(0, 2)).toMatchObject([
      { kind: 'transfer_fee', coins: -100, status: 'pending' },
      { kind: 'withdrawal_hold', coins: -50_000, status: 'pending' },
    ])
    expect(w.withdrawals[0]).toMatchObject({
      id: data.withdrawal_id,
      upi_id: 'asha.k@okaxis',
      amount: 500,
      fee: 1,
      status: 'requested',
      upi_reference: null,
    })
  })

  it('replays the same Idempotency-Key and holds the coins once', async () => {
    const user = await eligibleUser()
    const key = crypto.randomUUID()
    const first = await withdraw(user, { upi_id: upiOf(user), amount: 100 }, key)
    const second = await withdraw(user, { upi_id: upiOf(user), amount: 100 }, key)
    expect(second).toEqual(first)
    expect((await snapshot(user)).withdrawals).toBe(1)
    const other = await withdraw(user, { upi_id: upiOf(user), amount: 200 }, key)
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('holds once when the same request is sent 20 times at once', async () => {
    const user = await eligibleUser(150_000 + 10_100)
    await knowPayee(user)
    const key = crypto.randomUUID()
    const body = { upi_id: upiOf(user), amount: 250 }
    const results = await Promise.all(
      Array.from({ length: 20 }, () => withdrawKnown(user, body, key)),
    )
    const ok = results.filter((r) => r.status === 200)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    for (const r of results) {
      if (r.status === 200) expect(r.body).toEqual(ok[0]?.body)
      else expect(r.body.code).toBe('IDEMPOTENCY_IN_FLIGHT')
    }
    expect(await snapshot(user)).toMatchObject({ points: 150_000 - 25_100, withdrawals: 2 })
  })

  it('refuses without the platform fee paid', async () => {
    const user = await eligibleUser()
    await api.app.db
      .updateTable('users')
      .set({ platform_fee_paid: 0 })
      .where('id', '=', user.id)
      .execute()
    await expectRefused(user, { upi_id: upiOf(user), amount: 100 }, 403, 'PLATFORM_FEE_REQUIRED')
  })

  it('refuses with fewer than 3 verified referrals and says how many', async () => {
    const user = await createTestUser(api.app, { platformFeePaid: true, views: 25 })
    await grantCoins(api.app, user.id, 150_000)
    await addFriends(user, 2)
    await addFriends(user, 1, false)
    const res = await expectRefused(
      user,
      { upi_id: upiOf(user), amount: 100 },
      403,
      'REFERRALS_REQUIRED',
    )
    expect(res.body).toMatchObject({ referral_count: 2, referrals_needed: 3 })
  })

  it('refuses under the minimum balance of ₹999 with the exact message', async () => {
    const user = await eligibleUser(99_899)
    const res = await expectRefused(user, { upi_id: upiOf(user), amount: 100 }, 403, 'MIN_BALANCE')
    expect(res.body.message).toBe('You need a minimum balance of ₹999 to withdraw earnings.')
  })

  it('refuses with fewer than 25 videos watched', async () => {
    const user = await eligibleUser()
    await api.app.db.updateTable('users').set({ views: 24 }).where('id', '=', user.id).execute()
    await expectRefused(user, { upi_id: upiOf(user), amount: 100 }, 403, 'MIN_VIDEOS')
  })

  it('refuses an amount over the balance (amount + fee) and accepts exactly the balance', async () => {
    const user = await eligibleUser(100_000)
    await expectRefused(user, { upi_id: upiOf(user), amount: 1000 }, 400, 'INSUFFICIENT_BALANCE')
    const res = await withdraw(user, { upi_id: upiOf(user), amount: 999 })
    expect(res.status).toBe(200)
    expect((await snapshot(user)).points).toBe(0)
  })

  it('refuses a bad UPI ID, a bad amount and a missing key', async () => {
    const user = await eligibleUser()
    const res = await expectRefused(user, { upi_id: 'not a upi', amount: 100 }, 400, 'VALIDATION')
    expect(res.body.message).toBe('Invalid UPI ID format.')
    await expectRefused(user, { upi_id: upiOf(user), amount: 0 }, 400, 'VALIDATION')
    await expectRefused(user, { upi_id: upiOf(user), amount: 10.5 }, 400, 'VALIDATION')
    const noKey = await api.call('POST', '/api/v1/add-withdraw/', {
      token: user.token,
      body: { upi_id: upiOf(user), amount: 1 },
    })
    expect(noKey.status).toBe(400)
    expect(noKey.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED')
  })

  it('never lets concurrent withdrawals take the balance below the rules', async () => {
    const user = await eligibleUser(200_000 + 10_100)
    await knowPayee(user)
    const results = await Promise.all(
      Array.from({ length: 10 }, () => withdrawKnown(user, { upi_id: upiOf(user), amount: 600 })),
    )
    // 200,000 − 60,100 = 139,900; − 60,100 = 79,800 (< ₹999): the third and later are refused.
    expect(results.filter((r) => r.status === 200)).toHaveLength(2)
    expect(results.filter((r) => r.body.code === 'MIN_BALANCE')).toHaveLength(8)
    expect((await snapshot(user)).points).toBe(79_800)
  })

  it('marking a withdrawal paid confirms the hold with the UPI reference', async () => {
    const user = await eligibleUser()
    const res = await withdraw(user, { upi_id: upiOf(user), amount: 200 })
    const id = (res.body.data as { withdrawal_id: number }).withdrawal_id
    const ctx = appContext(api.app)
    expect(await payWithdrawal(ctx, id, 'UTR998877')).toMatchObject({
      status: 'paid',
      unchanged: false,
    })
    const wallet = (await api.call('GET', '/api/v1/wallet/', { token: user.token })).body.data as {
      balance: number
      entries: Record<string, unknown>[]
      withdrawals: Record<string, unknown>[]
    }
    expect(wallet.balance).toBe(150_000 - 20_100)
    expect(wallet.withdrawals[0]).toMatchObject({ status: 'paid', upi_reference: 'UTR998877' })
    expect(wallet.entries.slice(0, 2)).toMatchObject([
      { kind: 'transfer_fee', status: 'confirmed', reference: 'UTR998877' },
      { kind: 'withdrawal_hold', status: 'confirmed', reference: 'UTR998877' },
    ])
    await expect(failWithdrawal(ctx, id)).rejects.toMatchObject({ code: 'WITHDRAWAL_ALREADY_PAID' })
  })

  it('marking a withdrawal failed returns the held coins as a ledger row', async () => {
    const user = await eligibleUser()
    const res = await withdraw(user, { upi_id: upiOf(user), amount: 300 })
    const id = (res.body.data as { withdrawal_id: number }).withdrawal_id
    const ctx = appContext(api.app)
    const out = await failWithdrawal(ctx, id, 'UPI ID closed')
    expect(out).toMatchObject({ status: 'failed', returned_coins: 30_100 })
    expect((await failWithdrawal(ctx, id)).unchanged).toBe(true)
    const wallet = (await api.call('GET', '/api/v1/wallet/', { token: user.token })).body.data as {
      balance: number
      entries: Record<string, unknown>[]
      withdrawals: Record<string, unknown>[]
    }
    expect(wallet.balance).toBe(150_000)
    // The wallet shows the operator's reason, as it was stored.
    expect(wallet.withdrawals[0]).toMatchObject({ status: 'failed', reason: 'UPI ID closed' })
    expect(wallet.entries.slice(0, 3)).toMatchObject([
      { kind: 'withdrawal_return', coins: 30_100, status: 'confirmed' },
      { kind: 'transfer_fee', coins: -100, status: 'failed' },
      { kind: 'withdrawal_hold', coins: -30_000, status: 'failed' },
    ])
    await expect(payWithdrawal(ctx, id, 'LATE')).rejects.toMatchObject({
      code: 'WITHDRAWAL_FAILED',
    })
  })
})

describe.each(ENGINES)('withdrawal conditions switched off by the operator on %s', (engine) => {
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

  it('accepts a withdrawal without fee, referrals or videos when those rules are off', async () => {
    const user = await createTestUser(api.app)
    await grantCoins(api.app, user.id, 100_000)
    const res = await api.call('POST', '/api/v1/add-withdraw/', {
      token: user.token,
      body: { upi_id: 'ravi@ybl', amount: 100, pin: user.pin },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    expect(res.status).toBe(200)
  })
})
