/**
 * A user's referrals as the withdrawal condition counts them (docs/product.md#conditions): the
 * friends who signed up with the user's referral code and verified their email.
 */
import type { Db, Tx } from '../db/index.ts'

/** Friends referred by `userId` who verified their email (a count of people). */
export async function verifiedReferralCount(db: Db | Tx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('referred_by', '=', userId)
    .where('email_verified', '=', 1)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
