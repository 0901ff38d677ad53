/**
 * What the outbox holds, for screens: a screen shows queued items as pending and refused ones as
 * failed with the reason. Filled by outbox.ts whenever the outbox changes; read through selectors.
 * Knows items, not what any kind of item means.
 */
import { create } from 'zustand'
import { keepEqual } from '@contract/keep-equal'
import type { OutboxItem } from './outbox-types'

interface OutboxState {
  items: OutboxItem[]
  setItems(items: OutboxItem[]): void
}

export const useOutboxStore = create<OutboxState>()((setState) => ({
  items: [],
  setItems: (items) => setState((state) => ({ items: keepEqual(state.items, items) })),
}))

/** The items, oldest first (select the array, derive in render: stable for zustand). */
export const useOutboxItems = (): OutboxItem[] => useOutboxStore((s) => s.items)
