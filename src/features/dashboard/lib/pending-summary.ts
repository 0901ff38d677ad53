/** What the dashboard says is waiting in this phone's outbox: claims, withdrawals, failures. */
import type { OutboxItem } from '@/lib/outbox/outbox-types'
import { REWARD_CLAIMS } from './reward-claims'

/** Counts of what is waiting to be sent. */
export interface PendingSummary {
  rewards: number
  withdrawals: number
  failed: number
}

/** Summarizes items: pending reward claims, pending withdrawals (every other kind), failed items. */
export function summarizeOutbox(items: OutboxItem[]): PendingSummary {
  let rewards = 0
  let withdrawals = 0
  let failed = 0
  for (const item of items) {
    if (item.state === 'failed') failed += 1
    else if (item.kind === REWARD_CLAIMS.name) rewards += 1
    else withdrawals += 1
  }
  return { rewards, withdrawals, failed }
}
