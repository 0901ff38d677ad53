/**
 * What happens when a new user verifies the email (DECISIONS §3): the signup bonus and, when a
 * referral code was used, the referral reward to both sides, as ledger rows in the caller's
 * transaction. Each row carries a fixed per-user key, so a second call credits nothing.
 */
import type { Tx } from '../db/index.ts'
import { DEFAULT_RULES, type Rules } from '../../contract/rules.ts'
import { hasLedgerKey, postLedgerEntry } from './ledger.ts'

export interface SignupRewardsResult {
  /** Coins credited to the new user now (bonus + friend's referral reward); 0 on a repeat call. */
  creditedCoins: number
  /** The referrer's id when the referrer was credited now. */
  referrerId: number | null
}

/**
 * Credits the signup bonus (`rules.signupBonusCoins`) and, when `users.referred_by` is set,
 * `rules.referralRewardReferrerCoins` to the referrer and `rules.referralRewardFriendCoins` to
 * the friend. Call inside the verify transaction; `rules` defaults to DEFAULT_RULES (pass
 * `app.config.rules`), `now` to the current time. Idempotent: rows already credited are skipped.
 */
export async function grantSignupRewards(
  tx: Tx,
  userId: number,
  rules: Rules = DEFAULT_RULES,
  now: Date = new Date(),
): Promise<SignupRewardsResult> {
  const user = await tx
    .selectFrom('users')
    .select(['id', 'referred_by'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new Error(`grantSignupRewards: no user ${userId}`)
  let creditedCoins = 0
  let referrerId: number | null = null

  if (rules.signupBonusCoins > 0 && !(await hasLedgerKey(tx, userId, 'signup_bonus'))) {
    await postLedgerEntry(tx, {
      userId,
      kind: 'signup_bonus',
      coins: rules.signupBonusCoins,
      status: 'confirmed',
      description: 'Signup bonus',
      idempotencyKey: 'signup_bonus',
      at: now,
    })
    creditedCoins += rules.signupBonusCoins
  }

  const referrer = user.referred_by
  if (referrer !== null && referrer !== userId) {
    if (
      rules.referralRewardFriendCoins > 0 &&
      !(await hasLedgerKey(tx, userId, 'referral_friend'))
    ) {
      await postLedgerEntry(tx, {
        userId,
        kind: 'referral_reward',
        coins: rules.referralRewardFriendCoins,
        status: 'confirmed',
        description: 'Referral reward for joining with a referral code',
        idempotencyKey: 'referral_friend',
        relatedUserId: referrer,
        at: now,
      })
      creditedCoins += rules.referralRewardFriendCoins
    }
    const referrerKey = `referral:${userId}`
    if (rules.referralRewardReferrerCoins > 0 && !(await hasLedgerKey(tx, referrer, referrerKey))) {
      await postLedgerEntry(tx, {
        userId: referrer,
        kind: 'referral_reward',
        coins: rules.referralRewardReferrerCoins,
        status: 'confirmed',
        description: 'Referral reward: a friend you referred verified the email',
        idempotencyKey: referrerKey,
        relatedUserId: userId,
        at: now,
      })
      referrerId = referrer
    }
  }
  return { creditedCoins, referrerId }
}
