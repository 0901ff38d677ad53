/**
 * A video reward claim, `POST /add-reward/` (docs/product.md#screens, #flows, #api), from its
 * Idempotency-Key to the stored answer: `claimReward`.
 *
 * The claim is judged on one read made before any write or lock (`claimRead`: the user's row with
 * its version, the key's row if used, every fact). Then:
 * - a used key answers as stored (a replay); a key still in flight goes to `runIdempotent`;
 * - a refusal is stored as the key's answer by the one write that takes the key (`refuseOnce`);
 * - a credit is written by one statement, with the key and its answer, only while the user's row
 *   is still at the version read (the ledger writer's `creditVideoRewardIfUnchanged`). Every
 *   credit and debit of the user writes that row, and the facts only grow by rows written with
 *   such a write, so an unchanged version means nothing the claim was judged on has changed;
 * - otherwise (the row moved, the key was taken meanwhile, SQLite, which has no row versions) the
 *   claim runs through `runIdempotent` and is judged again under the user's row lock
 *   (`claimUnderLock`), where its answer is final.
 * Exactly once: a credit needs the user's row at the version judged or its lock, and the reward
 * row is unique per user, video and India day.
 */
import { ApiError, notFound } from '../../lib/errors.ts'
import { indiaDay } from '../../lib/time.ts'
import type { Tx } from '../../db/index.ts'
import type { AppContext, ReplayNote } from '../../context.ts'
import type { RewardClaim, RewardCredited } from '../../../contract/api/earning.ts'
import type { ErrorBody } from '../../../contract/api/common.ts'
import { creditVideoReward, creditVideoRewardIfUnchanged, type VideoReward } from '../ledger.ts'
import { releaseReferralRewards } from '../signup-rewards.ts'
import { requestHash } from '../idempotency-keys.ts'
import {
  refuseOnce,
  runIdempotent,
  storedAnswer,
  type KeyedRequest,
  type KeyRow,
  type StoredResponse,
} from '../idempotency.ts'
import { factParams, judgeClaim, parseClaim, type ParsedClaim } from './judge.ts'
import { claimFacts, claimRead, countView } from './reads.ts'

/** The route name stored with a claim's key. */
const ROUTE = 'add-reward'

/** A credited claim's answer body. */
type Credited = { data: RewardCredited }

/**
 * Claims the reward of `body` for `userId` under the Idempotency-Key `key` (as stored,
 * `client:KEY`) and resolves the key's answer: 200 `{ data: RewardCredited }` (coins credited,
 * the new balance in coins and views), a refusal stored as the key's answer (400 VALIDATION,
 * 403 EMAIL_NOT_VERIFIED, 404 VIDEO_NOT_FOUND, 409 ALREADY_REWARDED, 422 TIMER_NOT_PASSED), or
 * on a replay the first answer. Throws 422 IDEMPOTENCY_KEY_REUSED, 409 IDEMPOTENCY_IN_FLIGHT.
 * `note` is marked when the answer is a replay. The credit that brings the user's views to the
 * rule `referralRewardAfterVideos` releases the referral rewards (releaseReferralRewards).
 */
export async function claimReward(
  ctx: AppContext,
  request: { userId: number; key: string; body: RewardClaim; note?: ReplayNote | null },
): Promise<StoredResponse<Credited | ErrorBody>> {
  const answer = await claimOnce(ctx, request)
  // The claim that brings a referred friend to the videos the referral rewards wait for releases
  // them (a failure leaves them pending; the credited claim's answer stands).
  const threshold = ctx.rules.referralRewardAfterVideos
  if (threshold > 0 && answer.status === 200 && 'data' in answer.body) {
    if (answer.body.data.views === threshold) {
      await releaseReferralRewards(ctx, request.userId).catch((error: unknown) =>
        ctx.log.error({ err: error, userId: request.userId }, 'releasing referral rewards failed'),
      )
    }
  }
  return answer
}

/** One claim, judged and answered (claimReward without what follows a credit). */
async function claimOnce(
  ctx: AppContext,
  request: { userId: number; key: string; body: RewardClaim; note?: ReplayNote | null },
): Promise<StoredResponse<Credited | ErrorBody>> {
  const { userId, key, body } = request
  const keyed: KeyedRequest = { ...request, route: ROUTE }
  const now = ctx.now()
  let claim: ParsedClaim
  try {
    claim = parseClaim(body, now)
  } catch (error) {
    if (error instanceof ApiError) return refuseOnce(ctx, keyed, error)
    throw error
  }
  const underLock = () =>
    runIdempotent(ctx, keyed, (tx) => claimUnderLock(ctx, tx, userId, key, claim))

  const params = factParams(userId, claim)
  const [read] = (await claimRead(ctx.db, { ...params, key })).rows
  if (!read) return underLock()
  if (read.state !== null) return storedAnswer(ctx, keyed, read as KeyRow) ?? underLock()
  const coins = judgeClaim(read, read, claim)
  if (coins instanceof ApiError) return refuseOnce(ctx, keyed, coins)

  const answer = creditedAnswer(coins, read.points + coins, read.views + 1)
  const reward = rewardOf(userId, key, claim, coins, now)
  const credited = await creditVideoRewardIfUnchanged(ctx.db, reward, {
    version: read.version,
    route: ROUTE,
    hash: requestHash(ROUTE, body),
    answer: JSON.stringify(answer.body),
  })
  return credited ? answer : underLock()
}

/**
 * The claim judged and credited in `tx`, `runIdempotent`'s transaction: counting the view locks
 * the user's row first (`countView`), so the user's claims are judged one after another, each on
 * facts read after the lock; the credit then goes through the ledger writer (`creditVideoReward`). Resolves 200 `{ data: RewardCredited }`. Throws 404 USER_NOT_FOUND and the
 * judgement's refusals (`judgeClaim`), which roll the view back.
 */
async function claimUnderLock(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  key: string,
  claim: ParsedClaim,
): Promise<StoredResponse<Credited>> {
  const [user] = (await countView(tx, { userId })).rows
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user.')
  // The facts' own statement: on PostgreSQL a statement's reads use the snapshot it started
  // with, before it waited for the lock.
  const facts = await claimFacts(tx, factParams(userId, claim))
  const coins = judgeClaim(user, facts, claim)
  if (coins instanceof ApiError) throw coins
  const posted = await creditVideoReward(tx, rewardOf(userId, key, claim, coins, ctx.now()))
  return creditedAnswer(coins, posted.points, user.views)
}

/** The answer of a credited claim: `coins` credited, the balance (coins) and views after it. */
function creditedAnswer(coins: number, points: number, views: number): StoredResponse<Credited> {
  return { status: 200, body: { data: { message: 'Reward credited.', coins, points, views } } }
}

/** The reward of `claim`, judged worth `coins`, for the ledger writer to credit at `at`. */
function rewardOf(
  userId: number,
  key: string,
  claim: ParsedClaim,
  coins: number,
  at: Date,
): VideoReward {
  const { videoId, watchedAt, playedMs } = claim
  return { userId, coins, videoId, day: indiaDay(watchedAt), watchedAt, playedMs, key, at }
}
