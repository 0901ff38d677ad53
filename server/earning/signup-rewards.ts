/**
 * What happens when a new user verifies the email (docs/product.md#rules): the signup bonus and, when a
 * referral code was used, the referral reward to both sides, as ledger rows in the caller's
 * transaction. Each row carries a fixed per-user key, so a second call credits nothing.
 * With the live rule `referralRewardAfterVideos` above 0 the referral rewards wait instead until
 * the friend has watched that many videos and no risk rule fires for the friend
 * (`releaseReferralRewards`, called as the friend's claims are credited).
 */
import type { Tx } from '../db/index.ts'
import { DEFAULT_RULES, type Rules } from '../../contract/rules.ts'
import type { AppContext } from '../context.ts'
import { assessRisk } from '../risk/assess.ts'
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
  if (referrer !== null && referrer !== userId && rules.referralRewardAfterVideos <= 0) {
    const credited = await creditReferral(tx, userId, referrer, rules, now, 'verified the email')
    creditedCoins += credited.friendCoins
    referrerId = credited.referrerId
  }
  return { creditedCoins, referrerId }
}

/**
 * Credits the referral reward to friend `userId` and to `referrer` (each once, by its ledger key),
 * in `tx`; `why` ends the referrer's row ("… a friend you referred verified the email").
 * Returns the friend's coins credited now and the referrer's id when credited now.
 */
async function creditReferral(
  tx: Tx,
  userId: number,
  referrer: number,
  rules: Rules,
  now: Date,
  why: string,
): Promise<{ friendCoins: number; referrerId: number | null }> {
  let creditedCoins = 0
  let referrerId: number | null = null
  if (rules.referralRewardFriendCoins > 0 && !(await hasLedgerKey(tx, userId, 'referral_friend'))) {
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
      description: `Referral reward: a friend you referred ${why}`,
      idempotencyKey: referrerKey,
      relatedUserId: userId,
      at: now,
    })
    referrerId = referrer
  }
  return { friendCoins: creditedCoins, referrerId }
}

/**
 * Releases friend `friendId`'s pending referral rewards (docs/product.md#rules `referralRewardAfterVideos`)
 * once the friend is verified, has watched that many videos and no risk rule fires for the friend
 * (server/risk/assess.ts: a referral farm's accounts share a device, a burst, an idle tree).
 * One transaction with the friend's row locked; idempotent by the ledger keys. Resolves the
 * referrer's id when credited now, else null (nothing due, already credited, or held back).
 */
export async function releaseReferralRewards(
  ctx: AppContext,
  friendId: number,
): Promise<number | null> {
  const rules = ctx.rules
  if (rules.referralRewardAfterVideos <= 0) return null
  return ctx.db.transaction().execute(async (tx) => {
    const friend = await ctx.dialect.lockUser(tx, friendId)
    const referrer = friend.referred_by
    if (referrer === null || referrer === friendId || !friend.email_verified) return null
    if (friend.views < rules.referralRewardAfterVideos) return null
    if ((await assessRisk(tx, ctx.risk, friendId)).length > 0) return null
    const { referrerId } = await creditReferral(
      tx,
      friendId,
      referrer,
      rules,
      ctx.now(),
      `watched ${rules.referralRewardAfterVideos} videos`,
    )
    return referrerId
  })
}
