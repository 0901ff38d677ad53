/**
 * `GET /wallet/` with a list's cursor (docs/product.md#transparency, #scale): the ledger rows (`before`), withdrawals
 * (`withdrawals_before`) or payments (`orders_before`) older than a page's cursor.
 */
import { api } from '@/lib/api-client'
import type { LedgerEntry, Wallet, WalletOrder, WalletWithdrawal } from '@contract/api/earning'

/** One older page of a list: its rows, newest first, and the cursor of the page after it (null: none). */
export interface OlderPage<Row> {
  rows: Row[]
  next: string | null
}

const olderPage = (cursor: string, before: string) =>
  api.get('wallet/', { searchParams: { [cursor]: before } }).json<{ data: Wallet }>()

/** Fetches the ledger rows before cursor `before` (a page's `next`); throws on failure. */
export async function getWalletPage(before: string): Promise<OlderPage<LedgerEntry>> {
  const { data } = await olderPage('before', before)
  return { rows: data.entries, next: data.next ?? null }
}

/** Fetches the withdrawals before cursor `before` (a page's `withdrawals_next`); throws on failure. */
export async function getWithdrawalsPage(before: string): Promise<OlderPage<WalletWithdrawal>> {
  const { data } = await olderPage('withdrawals_before', before)
  return { rows: data.withdrawals, next: data.withdrawals_next ?? null }
}

/** Fetches the payments (orders) before cursor `before` (a page's `orders_next`); throws on failure. */
export async function getOrdersPage(before: string): Promise<OlderPage<WalletOrder>> {
  const { data } = await olderPage('orders_before', before)
  return { rows: data.orders, next: data.orders_next ?? null }
}
