/**
 * The withdrawals of `npm run bench:api`: users who may withdraw (the platform fee paid, enough
 * coins through the ledger, the live rules' videos, referrals and minimum balance conditions off
 * for the run) to a UPI ID they have withdrawn to before, so a withdrawal is what it costs day to
 * day: the conditions read, the balance locked, the hold written to the ledger, the withdrawal
 * row, the risk rules and the stored key (docs/product.md#withdrawals). The first withdrawal of
 * each user, to a new payee, carries the PIN (one production scrypt hash each) and is not
 * measured.
 */
import type { FastifyInstance } from 'fastify'
import { RULES_REFRESH_MS } from '../../server/ops/live-rules.ts'
import { saveOpenWithdrawalRules } from '../helpers/workload.ts'
import { grantCoins } from '../helpers/ledger.ts'
import type { TestUser } from '../helpers/users.ts'
import type { RequestTemplate } from './api-load.ts'

/** Coins granted to each withdrawing user: ₹10,000, about a thousand withdrawals of ₹10. */
const COINS_EACH = 1_000_000
/** Each measured withdrawal, whole rupees (the payout; the ₹1 fee comes on top). */
export const WITHDRAWAL_RUPEES = 10

/** The UPI ID `user` withdraws to. */
const upiIdOf = (user: TestUser) => `bench${user.id}@okaxis`

/**
 * Makes `users` able to withdraw and withdraws once for each to its UPI ID with the PIN, four at a
 * time, so that UPI ID is a known payee; returns one template per user for the measured
 * withdrawals (no PIN: the payee is known). Throws when a priming withdrawal is refused.
 */
export async function knownPayeeWithdrawals(
  app: FastifyInstance,
  baseUrl: string,
  users: TestUser[],
): Promise<RequestTemplate[]> {
  await saveOpenWithdrawalRules(app.db, app.dialect, 'bench:api withdrawals')
  // The instance reads the stored rules every RULES_REFRESH_MS (server/ops/live-rules-plugin.ts).
  await new Promise((resolve) => setTimeout(resolve, RULES_REFRESH_MS + 500))
  await app.db
    .updateTable('users')
    .set({ platform_fee_paid: 1 })
    .where(
      'id',
      'in',
      users.map((user) => user.id),
    )
    .execute()
  for (const user of users) await grantCoins(app, user.id, COINS_EACH)
  for (let i = 0; i < users.length; i += 4) {
    await Promise.all(
      users.slice(i, i + 4).map(async (user) => {
        const res = await fetch(`${baseUrl}/api/v1/add-withdraw/`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${user.token}`,
            'content-type': 'application/json',
            'idempotency-key': `bench-prime-${user.id}`,
          },
          body: JSON.stringify({ upi_id: upiIdOf(user), amount: WITHDRAWAL_RUPEES, pin: user.pin }),
        })
        if (res.status !== 200) {
          throw new Error(
            `priming withdrawal for user ${user.id}: ${res.status} ${await res.text()}`,
          )
        }
      }),
    )
  }
  return users.map((user) => ({
    headers: { authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ upi_id: upiIdOf(user), amount: WITHDRAWAL_RUPEES }),
  }))
}
