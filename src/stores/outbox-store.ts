/**
 * What the outbox holds, for screens (issue 3): the dashboard and the wallet show queued reward
 * claims and withdrawals as pending, and refused ones as failed with the reason. Filled by
 * src/lib/outbox/outbox.ts whenever the outbox changes; read through selectors.
 */
import { create } from 'zustand'
import type { OutboxItem } from '@/lib/outbox/outbox-types'

interface OutboxState {
  items: OutboxItem[]
  setItems(items: OutboxItem[]): void
}

export const useOutboxStore = create<OutboxState>()((setState) => ({
  items: [],
  setItems: (items) => setState({ items }),
}))

/** Counts of what is waiting to be sent. */
export interface PendingSummary {
  rewards: number
  withdrawals: number
  failed: number
}

/** Summarizes items: pending reward claims, pending withdrawals, failed items awaiting dismissal. */
export function summarizeOutbox(items: OutboxItem[]): PendingSummary {
  let rewards = 0
  let withdrawals = 0
  let failed = 0
  for (const item of items) {
    if (item.state === 'failed') failed += 1
    else if (item.kind === 'reward') rewards += 1
    else withdrawals += 1
  }
  return { rewards, withdrawals, failed }
}

/** The items, oldest first (select the array, derive in render: stable for zustand). */
export const useOutboxItems = (): OutboxItem[] => useOutboxStore((s) => s.items)
