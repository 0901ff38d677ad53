/**
 * A user's progress on every withdrawal condition (docs/product.md#rules, #transparency), as the server
 * enforces them in `requestWithdrawal`: balance, videos watched, verified referrals, platform fee.
 * With the payout days of the user's plan (payoutDaysFor) and an estimate of the days to the
 * minimum balance at the user's plan's rate: `video_point` coins per video, every video once a day,
 * and the UPI IDs the user may withdraw to without the PIN (./payees.ts).
 */
import type { Db } from '../db/index.ts'
import { notFound } from '../lib/errors.ts'
import { rupeesToCoins, type Rules } from '../../contract/rules.ts'
import { verifiedReferralCount } from './referrals.ts'
import { videoPointForUser } from './membership.ts'
import { payoutDaysFor } from './payout-time.ts'
import { knownPayees } from './payees.ts'
import type { ConditionProgress, WithdrawalStatus } from '../../contract/api/earning.ts'

export type { ConditionProgress, WithdrawalStatus }

/** The withdrawal status of `userId`. Throws 404 USER_NOT_FOUND. */
export async function withdrawalStatusFor(
  db: Db,
  rules: Rules,
  userId: number,
): Promise<WithdrawalStatus> {
  const user = await db
    .selectFrom('users')
    .select(['points', 'views', 'platform_fee_paid'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user.')
  const referrals = await verifiedReferralCount(db, userId)
  const videos = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const minCoins = rupeesToCoins(rules.withdrawMinBalanceRupees, rules)
  const conditions: ConditionProgress[] = []
  if (rules.withdrawMinBalanceRupees > 0)
    conditions.push({
      key: 'balance',
      have: user.points,
      need: minCoins,
      met: user.points >= minCoins,
    })
  if (rules.withdrawMinVideos > 0)
    conditions.push({
      key: 'videos',
      have: user.views,
      need: rules.withdrawMinVideos,
      met: user.views >= rules.withdrawMinVideos,
    })
  if (rules.withdrawMinReferrals > 0) {
    const have = referrals
    conditions.push({
      key: 'referrals',
      have,
      need: rules.withdrawMinReferrals,
      met: have >= rules.withdrawMinReferrals,
    })
  }
  if (rules.withdrawRequiresPlatformFee)
    conditions.push({
      key: 'platformFee',
      have: user.platform_fee_paid ? 1 : 0,
      need: 1,
      met: Boolean(user.platform_fee_paid),
    })
  const videoPoint = await videoPointForUser(db, userId)
  const dailyVideos = Number(videos.n)
  const perDay = videoPoint * dailyVideos
  const missing = Math.max(0, minCoins - user.points)
  return {
    conditions,
    eligible: conditions.every((c) => c.met),
    payout_days: await payoutDaysFor(db, userId),
    video_point: videoPoint,
    daily_videos: dailyVideos,
    days_to_min_balance: missing === 0 ? 0 : perDay > 0 ? Math.ceil(missing / perDay) : null,
    known_upi_ids: await knownPayees(db, userId),
  }
}
