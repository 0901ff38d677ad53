/**
 * `POST /add-reward/` through the outbox (DECISIONS §6, §9): the claim is stored with its
 * idempotency key before the first send, so a dropped connection never loses or doubles it.
 */
import { enqueueOutbox, type EnqueueResult } from '@/lib/outbox/outbox'

/** The server's answer to an accepted claim: coins credited, the new balance (coins) and views. */
export interface RewardData {
  message: string
  coins: number
  points: number
  views: number
}

/** Queues and sends a claim; `watchedAt` is the ISO moment the timer completed. */
export function claimReward(dashboardId: number, watchedAt: string): Promise<EnqueueResult> {
  return enqueueOutbox('reward', 'add-reward/', {
    dashboard_id: dashboardId,
    watched_at: watchedAt,
  })
}
