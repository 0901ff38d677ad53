/**
 * The risk rules read from a user's claims (server/risk/assess.ts runs them with the others): a
 * rhythm no person keeps, and claims the app's player never played. Both read the same latest
 * claims, so they are read once.
 */
import type { Db, Tx } from '../db/index.ts'
import { formatIndianNumber } from '../../contract/rules.ts'
import type { RiskFinding, RiskRules } from '../../contract/risk-rules.ts'

/** Claims further apart than this belong to different sessions (ms). */
const SESSION_GAP_MS = 10 * 60_000
/** Claims read at most, whatever the thresholds. */
const CLAIMS_READ_MAX = 200

/** One claim as the rules read it: its watch time (ISO), play time (ms) and the video's timer (s). */
type Claim = { watched_at: string; played_ms: number | null; timer: number }

/**
 * The claim rules' findings for `userId` under `risk` (a rule with threshold 0 is off), from one
 * read of the user's latest claims, newest first.
 */
export async function claimFindings(
  db: Db | Tx,
  risk: RiskRules,
  userId: number,
): Promise<(RiskFinding | null)[]> {
  const scripted = risk.riskScriptedClaims > 0 ? risk.riskScriptedClaims + 1 : 0
  const unseen = Math.max(0, risk.riskUnseenClaims)
  const wanted = Math.min(Math.max(scripted, unseen), CLAIMS_READ_MAX + 1)
  if (wanted === 0) return []
  const claims = await db
    .selectFrom('video_rewards')
    .innerJoin('videos', 'videos.id', 'video_rewards.video_id')
    .select(['video_rewards.watched_at', 'video_rewards.played_ms', 'videos.timer'])
    .where('video_rewards.user_id', '=', userId)
    .orderBy('video_rewards.watched_at', 'desc')
    .limit(wanted)
    .execute()
  return [scriptedClaims(claims, risk), unseenClaims(claims, risk)]
}

/**
 * Claims no person produces: over the user's latest session of at least `riskScriptedClaims`
 * consecutive claims, the time each claim came after the earliest moment it was allowed (the
 * previous claim plus the video's timer) varies by less than `riskScriptedSpreadMs` (standard
 * deviation). A person's pauses vary by seconds; a script's by milliseconds. `latest` newest first.
 */
function scriptedClaims(latest: Claim[], risk: RiskRules): RiskFinding | null {
  const needed = risk.riskScriptedClaims
  if (needed <= 0) return null
  const rows = latest.slice(0, Math.min(needed, CLAIMS_READ_MAX) + 1)
  if (rows.length < needed + 1) return null
  // Oldest first; the slack of each claim after the one before it, within one session.
  const claims = rows.reverse().map((r) => ({ at: Date.parse(r.watched_at), timer: r.timer }))
  const slacks: number[] = []
  for (let i = 1; i < claims.length; i++) {
    const gap = claims[i]!.at - claims[i - 1]!.at
    if (gap > SESSION_GAP_MS) slacks.length = 0
    else slacks.push(gap - claims[i]!.timer * 1000)
  }
  if (slacks.length < needed) return null
  const mean = slacks.reduce((a, b) => a + b, 0) / slacks.length
  const spread = Math.sqrt(slacks.reduce((a, b) => a + (b - mean) ** 2, 0) / slacks.length)
  if (spread >= risk.riskScriptedSpreadMs) return null
  return {
    rule: 'scripted_claims',
    reason: `${slacks.length} claims in a row came ${formatIndianNumber(mean / 1000, 1)} s after each video's timer, varying by ${formatIndianNumber(spread)} ms; a person's pauses vary by seconds.`,
    linked: [],
  }
}

/**
 * Claims without the player: none of the user's latest `riskUnseenClaims` claims was played in
 * the app's player for (nearly) the video's timer, as the app reports with each claim
 * (`played_ms`). A script that calls the API directly reports nothing; so did the app before it
 * reported play time, which is why one played claim among them is enough to clear the rule.
 */
function unseenClaims(latest: Claim[], risk: RiskRules): RiskFinding | null {
  const needed = risk.riskUnseenClaims
  if (needed <= 0) return null
  const rows = latest.slice(0, Math.min(needed, CLAIMS_READ_MAX))
  if (rows.length < needed) return null
  // A second short of the timer still counts as played (the player's clock ticks in seconds).
  const played = rows.some((r) => r.played_ms !== null && r.played_ms >= r.timer * 1000 - 1000)
  if (played) return null
  return {
    rule: 'unseen_claims',
    reason: `None of the latest ${rows.length} claims was played in the app's player: rewards were claimed without the video being shown.`,
    linked: [],
  }
}
