/**
 * Video rewards (SPEC §2, §4; DECISIONS §6), judged by the handouts of handouts.ts: a claim is
 * credited at most once per user, video and India day, only when the video's timer has passed
 * since the handout, `watched_at` is not in the future, and it lies at
 * least the timer after the user's neighbouring rewards. The server decides, never the client.
 */
import type { Tx } from '../db/index.ts'
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors.ts'
import { videoPointOf } from './membership.ts'
import type { RewardClaim, RewardCredited } from '../../contract/api/earning.ts'
import type { AppContext } from '../context.ts'
import { indiaDay } from '../lib/time.ts'
import { ROW_MOVED, runIdempotent } from './idempotency.ts'
import type { ReplayNote } from '../plugins/metrics.ts'
import { holdKeyIn, type HandlerAnswer, type KeyHold } from './idempotency-hold.ts'
import type { Precheck, Probed } from './idempotency-take.ts'
import { alreadyRewarded, creditReward } from './reward-credit.ts'
import {
  claimFacts,
  claimSnapshot,
  countView,
  lockUserHoldingKey,
  rewardOfDay,
  type ClaimSnapshot,
  type FactParams,
} from './reward-facts.ts'

/** A watched_at up to this far ahead of the server's clock counts as now (phone clocks drift). */
const CLOCK_SKEW_MS = 5_000
/** A handout older than this no longer lets a video be claimed. */
const HANDOUT_VALID_MS = 24 * 3600_000

const timerNotPassed = (message: string) => new ApiError(422, 'TIMER_NOT_PASSED', message)

/** The claimed video id and watch time of `claim` at `now`. Throws 400 VALIDATION, 422 TIMER_NOT_PASSED. */
function parseClaim(claim: RewardClaim, now: Date): { videoId: number; watchedAt: Date } {
  const videoId = Number(claim.dashboard_id)
  if (!Number.isInteger(videoId) || videoId <= 0) {
    throw badRequest('VALIDATION', 'dashboard_id must be a video id.')
  }
  let watchedAt = now
  if (claim.watched_at !== undefined && claim.watched_at !== null) {
    const parsed = typeof claim.watched_at === 'string' ? new Date(claim.watched_at) : new Date(NaN)
    if (Number.isNaN(parsed.getTime()))
      throw badRequest('VALIDATION', 'watched_at must be an ISO time.')
    if (parsed.getTime() > now.getTime() + CLOCK_SKEW_MS) {
      throw timerNotPassed('The watch time is in the future.')
    }
    watchedAt = parsed.getTime() > now.getTime() ? now : parsed
  }
  return { videoId, watchedAt }
}

/**
 * The precheck's refusal, made once: it is only turned into the answer its probe stores, never
 * thrown, and an error made per claim cost a claim about a fortieth of the API's time (its stack).
 */
const ALREADY_REWARDED = alreadyRewarded()

/**
 * The refusals of a claim that one plain read can prove, for `runIdempotent`'s precheck: a
 * malformed claim (thrown: 400 VALIDATION, 422 TIMER_NOT_PASSED for a future watch time), and a
 * video already rewarded that India day (rewards are never taken back, so the answer cannot
 * change under a lock): returned as the probe of the reward row, which `runIdempotent` reads in
 * the same statement that takes the key on PostgreSQL; its rows refuse 409 ALREADY_REWARDED.
 * That statement also reads the claim for `claimRewardIfUnchanged` (`rewardOfDay`'s facts).
 */
export function precheckReward(
  ctx: AppContext,
  userId: number,
  claim: RewardClaim,
): Precheck<FactParams, ClaimSnapshot> {
  const { videoId, watchedAt } = parseClaim(claim, ctx.now())
  return {
    probe: rewardOfDay,
    params: factParams(userId, videoId, watchedAt),
    refusal: ALREADY_REWARDED,
  }
}

/** The user's row as a claim reads it: `points` in coins, and views before this claim's. */
type ClaimUser = { email_verified: number; views: number; points: number }

/** What a claim is judged on: `claimFacts`' (or `claimSnapshot`'s) row. */
type ClaimFacts = Awaited<ReturnType<typeof claimFacts>>

/**
 * The judgement of a claim watched at `watchedAt` on its facts (DECISIONS §6): the coins to
 * credit, or the refusal, returned as a value: 403 EMAIL_NOT_VERIFIED, 404 VIDEO_NOT_FOUND,
 * 409 ALREADY_REWARDED, 422 TIMER_NOT_PASSED (timers in seconds).
 */
function judgeClaim(user: ClaimUser, facts: ClaimFacts, watchedAt: Date): number | ApiError {
  if (!user.email_verified) {
    return forbidden('EMAIL_NOT_VERIFIED', 'Please verify your email before earning rewards.')
  }
  if (facts.timer === null) return notFound('VIDEO_NOT_FOUND', 'This video is no longer available.')
  if (facts.rewarded_id !== null) return alreadyRewarded()
  const w = watchedAt.getTime()
  const timer = Number(facts.timer)
  if (facts.handed_at === null || Date.parse(facts.handed_at) > w - timer * 1000) {
    return timerNotPassed(`Watch the video for ${timer} seconds before claiming the reward.`)
  }
  if (facts.previous_at !== null && w - Date.parse(facts.previous_at) < timer * 1000) {
    return timerNotPassed(`Rewards come at most once every ${timer} seconds. Keep watching.`)
  }
  if (facts.next_at !== null && Date.parse(facts.next_at) - w < Number(facts.next_timer) * 1000) {
    return timerNotPassed('This watch time overlaps another rewarded video.')
  }
  return videoPointOf(facts)
}

/** `claimFacts`' parameters for a claim of `videoId` by `userId` watched at `watchedAt`. */
function factParams(userId: number, videoId: number, watchedAt: Date) {
  return {
    userId,
    videoId,
    day: indiaDay(watchedAt),
    at: watchedAt.toISOString(),
    handedSince: new Date(watchedAt.getTime() - HANDOUT_VALID_MS).toISOString(),
  }
}

/**
 * Judges one video reward claim in `tx` (the caller's idempotent transaction, which leaves
 * holding the claim's key to this handler: `hold`, runIdempotent's handlerHoldsKey) and credits
 * it, recording the key on the ledger row; returns the key's answer, 200 `{ data: RewardCredited }`
 * (`creditReward`), stored with the credit. Throws 400 VALIDATION, 403 EMAIL_NOT_VERIFIED,
 * 404 VIDEO_NOT_FOUND, 409 ALREADY_REWARDED, 422 TIMER_NOT_PASSED.
 */
export async function claimReward(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  claim: RewardClaim,
  hold: KeyHold,
): Promise<HandlerAnswer<{ data: RewardCredited }>> {
  const { key } = hold
  const now = ctx.now()
  const { videoId, watchedAt } = parseClaim(claim, now)

  // The user's row is locked first, for the rest of the transaction (on PostgreSQL the same FOR NO
  // KEY UPDATE lock `lockUser` takes; on SQLite `countView`'s UPDATE, which counts the view), so
  // claims of one user are judged one after another, each on a fresh read after the lock. A
  // refusal below rolls it back. On PostgreSQL the same statement first holds the key
  // (runIdempotent's handlerHoldsKey), and the credit counts the view.
  // Views and points as locked: on SQLite after `countView` counted this claim's view.
  let user: (ClaimUser & { version?: string }) | undefined
  if (ctx.engine === 'postgres') {
    ;[user] = (await lockUserHoldingKey(tx, hold)).rows
  } else {
    await holdKeyIn(tx, hold)
    ;[user] = (await countView(tx, { userId })).rows
  }
  if (!user) {
    // No row: the key was not held (holding it now updates nothing), or no such user.
    if (ctx.engine === 'postgres') await holdKeyIn(tx, hold)
    throw notFound('USER_NOT_FOUND', 'No such user.')
  }
  // Everything the claim is judged on, in one statement (each is a round trip inside the
  // transaction that holds the user's row): the video's timer, today's reward, the first handout
  // of the last 24 hours, the neighbouring rewards' watch times and the coins per video. Not part
  // of the locking statement: on PostgreSQL that statement's reads would use the snapshot taken
  // before it waited for the lock, and miss the reward of a claim that held it.
  const facts = await claimFacts(tx, factParams(userId, videoId, watchedAt))
  const coins = judgeClaim(user, facts, watchedAt)
  if (coins instanceof ApiError) throw coins
  // SQLite's `countView` counted the view already; PostgreSQL's credit statement counts it.
  const views = ctx.engine === 'postgres' ? user.views + 1 : user.views
  const { points, version } = user
  const credit = { userId, videoId, watchedAt, coins, points, views, version }
  const answer = await creditReward(ctx, tx, { ...credit, day: indiaDay(watchedAt), key, at: now })
  if (!answer) throw new Error(`the row of user ${userId} moved under its lock`)
  return answer
}

/**
 * PostgreSQL: credits a claim judged on the unlocked read made with its key (`probed`, the
 * precheck's facts: `claimSnapshot`), in one statement that writes only while the user's row is
 * still the version read (`creditReward`): no transaction held across round trips, and a claim's
 * statements are its key's (with that read) and that write. Resolves the stored answer, or null
 * when the claim is to be judged under the lock (`claimReward`, runIdempotent's transaction): no
 * read (a key taken over) or no such user, a refusal (judged again there, where it is final), or
 * `ROW_MOVED` when the row moved in between (another claim of the user, or any credit or debit):
 * `runIdempotent` then runs the precheck's probe again, whose reward row refuses this claim when
 * what moved the row was another claim of the same video (a double tap, a retry with a new key);
 * else the claim is judged under the lock. `hold` is the claim's key, in flight and not held by a
 * transaction. Throws `KeyReleased` when the key is no longer in flight, 409 ALREADY_REWARDED.
 */
export async function claimRewardIfUnchanged(
  ctx: AppContext,
  userId: number,
  claim: RewardClaim,
  hold: KeyHold,
  probed: Probed<ClaimSnapshot> | undefined,
): Promise<HandlerAnswer<{ data: RewardCredited }> | typeof ROW_MOVED | null> {
  const snapshot = claimSnapshot(probed)
  if (!snapshot) return null
  const now = ctx.now()
  const { videoId, watchedAt } = parseClaim(claim, now)
  const coins = judgeClaim(snapshot, snapshot, watchedAt)
  if (coins instanceof ApiError) return null
  const credited = await creditReward(ctx, ctx.db, {
    userId,
    videoId,
    day: indiaDay(watchedAt),
    watchedAt,
    coins,
    points: snapshot.points,
    views: snapshot.views + 1,
    version: snapshot.version,
    key: hold.key,
    at: now,
  })
  return credited ?? ROW_MOVED
}

/**
 * `POST /add-reward/`: one video reward claim with its Idempotency-Key (DECISIONS §6), from the
 * key to the stored answer. A claim already credited today is refused without a transaction (most
 * repeats are); a claim holds its key in the statement that locks the user. On PostgreSQL a claim
 * is first judged on an unlocked read and credited in one statement if the user's row has not moved
 * since (most claims: a user's claims come one video at a time). Resolves the key's answer: 200
 * `{ data: RewardCredited }` or a stored refusal (`claimReward`'s 4xx); a replay resolves the first
 * answer. Throws 422 IDEMPOTENCY_KEY_REUSED, 409 IDEMPOTENCY_IN_FLIGHT.
 */
export function submitRewardClaim(
  ctx: AppContext,
  request: { userId: number; key: string; body: RewardClaim; note?: ReplayNote | null },
) {
  const { userId, key, body, note } = request
  return runIdempotent(
    ctx,
    { userId, key, route: 'add-reward', body, note },
    (tx, hold) => claimReward(ctx, tx, userId, body, hold),
    {
      precheck: () => precheckReward(ctx, userId, body),
      handlerHoldsKey: true,
      optimistic:
        ctx.engine === 'postgres'
          ? (hold, probed) => claimRewardIfUnchanged(ctx, userId, body, hold, probed)
          : undefined,
    },
  )
}
