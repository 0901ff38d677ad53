/**
 * How a video reward claim is judged (docs/product.md#screens, #flows, #api), by the handouts of
 * handouts.ts: credited at most once per user, video and India day, only when the video's timer
 * has passed since the handout, `watched_at` is not in the future, and it lies at least the timer
 * after the user's neighbouring rewards. The server decides, never the client.
 */
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts'
import { indiaDay } from '../../lib/time.ts'
import { videoPointOf } from '../membership.ts'
import type { RewardClaim } from '../../../contract/api/earning.ts'

/** A watched_at up to this far ahead of the server's clock counts as now (phone clocks drift). */
const CLOCK_SKEW_MS = 5_000
/** A handout older than this no longer lets a video be claimed. */
const HANDOUT_VALID_MS = 24 * 3600_000
/** The largest id an integer column holds (PostgreSQL `integer`); a larger one is no video. */
const MAX_ID = 2_147_483_647

const timerNotPassed = (message: string) => new ApiError(422, 'TIMER_NOT_PASSED', message)

/** 409 ALREADY_REWARDED: one reward per user, video and India day (docs/product.md#api). */
const ALREADY_REWARDED = conflict(
  'ALREADY_REWARDED',
  'You have already been rewarded for this video today.',
)

/** A claim as parsed: the video's id and the watch time (never later than now). */
export interface ParsedClaim {
  videoId: number
  watchedAt: Date
  /** How long the app's player played the video, ms; null: not reported (abuse review's signal). */
  playedMs: number | null
}

/**
 * The claimed video id, watch time and reported play time of `claim` at `now`.
 * Throws 400 VALIDATION, 422 TIMER_NOT_PASSED.
 */
export function parseClaim(claim: RewardClaim, now: Date): ParsedClaim {
  const videoId = Number(claim.dashboard_id)
  if (!Number.isInteger(videoId) || videoId <= 0 || videoId > MAX_ID) {
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
  const played = claim.played_ms
  if (played !== undefined && played !== null) {
    if (!Number.isInteger(played) || played < 0 || played > 86_400_000)
      throw badRequest('VALIDATION', 'played_ms must be whole milliseconds up to a day.')
  }
  return { videoId, watchedAt, playedMs: played ?? null }
}

/** The parameters of a claim's facts: the claim as parsed, its India day and handout window. */
export type FactParams = {
  userId: number
  videoId: number
  /** India day of the watch time, 'YYYY-MM-DD'. */
  day: string
  /** The watch time, ISO. */
  at: string
  /** The earliest handout that still counts (HANDOUT_VALID_MS before the watch time), ISO. */
  handedSince: string
}

/** The facts' parameters of `claim` by `userId`. */
export function factParams(userId: number, claim: ParsedClaim): FactParams {
  const { videoId, watchedAt } = claim
  return {
    userId,
    videoId,
    day: indiaDay(watchedAt),
    at: watchedAt.toISOString(),
    handedSince: new Date(watchedAt.getTime() - HANDOUT_VALID_MS).toISOString(),
  }
}

/** The user's row as a claim is judged on it. */
export type ClaimUser = { email_verified: number }

/**
 * What a claim is judged on (reads.ts): the video's timer in seconds (null: no such video), the
 * day's reward, the first handout in the window, the neighbouring rewards' watch times (ISO) and
 * the next one's timer, and the coins per video (`videoPointOf`'s columns).
 */
export type ClaimFacts = {
  timer: number | null
  rewarded_id: number | null
  handed_at: string | null
  previous_at: string | null
  next_at: string | null
  next_timer: number | null
  own_video_point: number | null
  free_video_point: number | null
}

/**
 * The judgement of `claim` on its facts (docs/product.md#api): the coins to credit, or the refusal,
 * returned as a value: 403 EMAIL_NOT_VERIFIED, 404 VIDEO_NOT_FOUND, 409 ALREADY_REWARDED,
 * 422 TIMER_NOT_PASSED.
 */
export function judgeClaim(
  user: ClaimUser,
  facts: ClaimFacts,
  claim: ParsedClaim,
): number | ApiError {
  if (!user.email_verified) {
    return forbidden('EMAIL_NOT_VERIFIED', 'Please verify your email before earning rewards.')
  }
  if (facts.timer === null) return notFound('VIDEO_NOT_FOUND', 'This video is no longer available.')
  // Made once: most refusals are this one, and an error's stack costs a claim's CPU.
  if (facts.rewarded_id !== null) return ALREADY_REWARDED
  const w = claim.watchedAt.getTime()
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
