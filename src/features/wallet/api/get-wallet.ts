/** `GET /wallet/` (DECISIONS §4): the balance, every ledger row, withdrawals and orders. */
import { api } from '@/lib/api-client'

/** A ledger row: `coins` signed integer coins; `rupees` whole rupees of a payment row (fee, deposit). */
export interface LedgerEntry {
  id: number
  kind: string
  coins: number
  rupees?: number | null
  status: 'pending' | 'confirmed' | 'failed'
  description: string
  reference: string | null
  created_at: string
}

/** A withdrawal: `amount` and `fee` in whole rupees. */
export interface WalletWithdrawal {
  id: number
  upi_id: string
  amount: number
  fee: number
  status: 'requested' | 'paid' | 'failed'
  upi_reference: string | null
  created_at: string
  /** When the payout is due (ISO): the best paid plan's `withdrawl_days` after the request. */
  due_at?: string | null
}

/** A payment (order): `amount` in whole rupees; 'expired' after 24 hours unpaid with no UTR. */
export interface WalletOrder {
  order_id: string
  amount: number
  purpose: 'membership' | 'platform_fee'
  status: 'pending' | 'confirmed' | 'rejected' | 'cancelled' | 'expired'
  created_at: string
  expires_at?: string | null
  /** The 12-digit UPI reference the user entered, if any. */
  utr?: string | null
}

export interface Wallet {
  balance: number
  entries: LedgerEntry[]
  withdrawals: WalletWithdrawal[]
  orders: WalletOrder[]
}

/** Fetches the wallet; throws on failure. */
export async function getWallet(): Promise<Wallet> {
  const body = await api.get('wallet/').json<{ data: Wallet }>()
  return body.data
}
