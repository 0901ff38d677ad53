/**
 * `POST /add-reward/` through the outbox (DECISIONS §6, §9): the claim is stored with its
 * idempotency key before the first send, so a dropped connection never loses or doubles it.
 */
import { enqueueOutbox, type EnqueueResult } from '@/lib/outbox/outbox'
import { toServerTime } from '@/lib/server-clock'

/** The server's answer to an accepted claim: coins credited, the new balance (coins) and views. */
export interface RewardData {
  message: string
  coins: number
  points: number
  views: number
}

/**
 * Queues and sends a claim; `watchedAt` is the ISO moment (device clock) the timer completed,
 * sent on the server's clock so a phone whose clock is off is not refused (src/lib/server-clock.ts).
 */
export function claimReward(dashboardId: number, watchedAt: string): Promise<EnqueueResult> {
  return enqueueOutbox('reward', 'add-reward/', {
    dashboard_id: dashboardId,
    watched_at: toServerTime(new Date(watchedAt)).toISOString(),
  })
}
