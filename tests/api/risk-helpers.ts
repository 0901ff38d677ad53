/**
 * Shared steps of the abuse review API tests (server/risk): users ready to withdraw, referred
 * friends, signals recorded as a request would record them, withdrawals with the review that held
 * them, and an operator's console session.
 */
import crypto from 'node:crypto'
import { expect } from 'vitest'
import type { ApiHandle } from '../helpers/api-app.ts'
import { loginNewOperator } from '../helpers/operators.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { grantCoins } from '../helpers/ledger.ts'
import { recordAccountEvent } from '../../server/risk/signals.ts'
import { signDeviceToken } from '../../server/accounts/device-tokens.ts'
import type { AccountEvent } from '../../server/db/schema/risk.ts'
import type { RiskFinding } from '../../contract/risk-rules.ts'

/** A never-used UPI ID. */
export const freshUpiId = () => `r${crypto.randomBytes(5).toString('hex')}@okaxis`

/** A never-used device id. */
export const freshDeviceId = () => `dev_${crypto.randomBytes(12).toString('hex')}`

/**
 * The `X-Device-Token` header of a device the server knows as `deviceId` (a token signed with the
 * app's key, naming no account yet), as a device that kept its token sends it.
 */
export const deviceHeader = (api: ApiHandle, deviceId: string) => ({
  'x-device-token': signDeviceToken(api.app.deviceTokenKey, { deviceId, userIds: [] }, new Date()),
})

/** A never-used client address in 10.0.0.0/8. */
export const freshAddress = () =>
  `10.${crypto.randomInt(0, 256)}.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`

/** Risk helpers bound to one test file's API handle. */
export function riskCalls(api: ApiHandle) {
  /**
   * A verified user who has paid the platform fee, watched `views` videos (25 by default, past
   * every rule that counts views) and holds `coins` (≥ the minimum balance by default).
   */
  const payoutReadyUser = async (fields: { coins?: number; views?: number } = {}) => {
    const user = await createTestUser(api.app, {
      platformFeePaid: true,
      views: fields.views ?? 25,
    })
    await grantCoins(api.app, user.id, fields.coins ?? 150_000)
    return user
  }

  /** Adds `count` verified friends referred by `referrer`, each having watched `views` videos. */
  const addFriends = async (referrer: TestUser, count: number, views: number) => {
    const friends: TestUser[] = []
    for (let i = 0; i < count; i++) {
      const friend = await createTestUser(api.app, { views })
      await api.app.db
        .updateTable('users')
        .set({ referred_by: referrer.id })
        .where('id', '=', friend.id)
        .execute()
      friends.push(friend)
    }
    return friends
  }

  /** Records `event` for `user` from `device` (and `address`), as the routes record a request. */
  const seen = (
    user: TestUser,
    device: string | null,
    fields: { event?: AccountEvent; address?: string; at?: Date } = {},
  ) =>
    recordAccountEvent(
      api.app.db,
      user.id,
      fields.event ?? 'login',
      {
        deviceId: device,
        deviceUsers: [],
        address: fields.address ?? '127.0.0.1',
        userAgent: 'risk-test',
      },
      fields.at ?? new Date(),
    )

  /**
   * `POST /add-withdraw/` of `amount` rupees (₹100 by default: a payout-ready user can withdraw
   * several times) to `upiId`, with a fresh Idempotency-Key.
   */
  const withdraw = (
    user: TestUser,
    upiId: string,
    amount = 100,
    headers: Record<string, string> = {},
  ) =>
    api.call('POST', '/api/v1/add-withdraw/', {
      token: user.token,
      body: { upi_id: upiId, amount, pin: user.pin },
      headers: { 'idempotency-key': crypto.randomUUID(), ...headers },
    })

  /** Withdraws (expects 200) and returns the stored withdrawal and its findings ([] if none). */
  const withdrawn = async (user: TestUser, upiId: string = freshUpiId(), amount = 100) => {
    const res = await withdraw(user, upiId, amount)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const id = (res.body.data as { withdrawal_id: number }).withdrawal_id
    return { id, ...(await stored(id)) }
  }

  /** Withdrawal `id` as stored, with the findings of its review ([] when it was never held). */
  const stored = async (id: number) => {
    const row = await api.app.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const review = await api.app.db
      .selectFrom('withdrawal_reviews')
      .selectAll()
      .where('withdrawal_id', '=', id)
      .executeTakeFirst()
    const findings = review ? (JSON.parse(review.findings) as RiskFinding[]) : []
    return { row, review, findings }
  }

  /**
   * Logs in a new operator (role `operator` unless told) at the app's time `now` (its injected
   * clock, which the authenticator code must match) and returns the console session token.
   */
  const operatorSession = (
    role: 'operator' | 'viewer' = 'operator',
    now: Date = api.app.config.clock?.() ?? new Date(),
  ) =>
    loginNewOperator(
      api,
      `risk-${role}-${crypto.randomBytes(4).toString('hex')}@example.com`,
      now,
      { role, enrolledAt: now },
    )

  return { payoutReadyUser, addFriends, seen, withdraw, withdrawn, stored, operatorSession }
}
