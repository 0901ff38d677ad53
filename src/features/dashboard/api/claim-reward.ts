/**
 * `POST /add-reward/` through the outbox (docs/product.md#api, #deviations): the claim is stored with its
 * idempotency key before the first send, so a dropped connection never loses or doubles it.
 */
import { enqueueOutbox, type EnqueueResult } from '@/lib/outbox/outbox'
import { toServerTime } from '@/lib/server-clock'
import { REWARD_CLAIMS, type RewardAnswer } from '../lib/reward-claims'

/**
 * Queues and sends a claim; `watchedAt` is the ISO moment (device clock) the timer completed,
 * sent on the server's clock so a phone whose clock is off is not refused (src/lib/server-clock.ts);
 * `playedMs` how long the player played the video visibly, ms (abuse review's signal that the video
 * was shown).
 */
export function claimReward(
  dashboardId: number,
  watchedAt: string,
  playedMs: number,
): Promise<EnqueueResult<RewardAnswer>> {
  return enqueueOutbox(REWARD_CLAIMS, {
    dashboard_id: dashboardId,
    watched_at: toServerTime(new Date(watchedAt)).toISOString(),
    played_ms: Math.round(playedMs),
  })
}
