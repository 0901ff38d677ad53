/** `GET /wallet/?before=` (DECISIONS §4, §8a): the ledger rows older than a page's `next`. */
import { api } from '@/lib/api-client'
import type { LedgerEntry, Wallet } from '@contract/api/earning'

/** One older page: its rows, newest first, and the `before` of the page after it (null: none). */
export interface OlderPage {
  entries: LedgerEntry[]
  next: string | null
}

/** Fetches the ledger rows before cursor `before`; throws on failure. */
export async function getWalletPage(before: string): Promise<OlderPage> {
  const body = await api.get('wallet/', { searchParams: { before } }).json<{ data: Wallet }>()
  return { entries: body.data.entries, next: body.data.next ?? null }
}
