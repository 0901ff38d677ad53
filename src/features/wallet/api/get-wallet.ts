/** `GET /wallet/` (docs/product.md#transparency): the balance, every ledger row, withdrawals and orders. */
import { api } from '@/lib/api-client'
import type { LedgerEntry, WalletWithdrawal, WalletOrder, Wallet } from '@contract/api/earning'

export type { LedgerEntry, WalletWithdrawal, WalletOrder, Wallet }

/** Fetches the wallet; throws on failure. */
export async function getWallet(): Promise<Wallet> {
  const body = await api.get('wallet/').json<{ data: Wallet }>()
  return body.data
}
