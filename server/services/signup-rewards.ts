/**
 * What happens when a new user verifies the email (DECISIONS §3): the signup bonus and, when a
 * referral code was used, the referral reward to both sides, as ledger rows in the caller's
 * transaction.
 */
import type { Tx } from '../db/index.ts'

/** Credits the signup bonus and referral rewards for `userId`; call once, inside the verify transaction. */
export async function grantSignupRewards(_tx: Tx, _userId: number): Promise<void> {
  // Filled by the earning loop (issue 3): ledger rows for the bonus and the referral rewards.
}
