/**
 * Earning-loop tables (migration 002): plans, videos, handouts, rewards, the coin ledger
 * (docs/product.md#transparency, #units), idempotency keys (docs/product.md#api), orders and withdrawals. Coins are integers;
 * rupee amounts are whole rupees; timestamps are ISO text; India days are 'YYYY-MM-DD'.
 */
import type { Generated } from 'kysely'

export interface MembershipPlansTable {
  id: Generated<number>
  membership_type: string
  /** Coins credited per video on this plan. */
  video_point: number
  /** Rupees as text ('499'), or 'FREE' for the free plan (docs/product.md#api). */
  deposit_point: string
  /** Days a withdrawal takes on this plan (spelled as the product spells it). */
  withdrawl_days: number
}

export interface VideosTable {
  id: Generated<number>
  /** A YouTube URL or a path of a file served by the app (`/videos/sample-1.mp4`). */
  link: string
  redirection_link: string
  /** Seconds to watch before the reward may be claimed (15–60). */
  timer: number
}

/** When `GET /dashboard/` first handed a video to a user on an India day (docs/product.md#api). */
export interface VideoHandoutsTable {
  user_id: number
  video_id: number
  india_day: string
  handed_at: string
}

/** One credited reward per user, video and India day (the unique key does the refusing). */
export interface VideoRewardsTable {
  id: Generated<number>
  user_id: number
  video_id: number
  india_day: string
  /** The moment the timer completed, as accepted by the server. */
  watched_at: string
  ledger_entry_id: number
  /** How long the app's player played the video before the claim, ms; null: not reported (migration 013). */
  played_ms: number | null
}

export type LedgerKind =
  | 'video_reward'
  | 'signup_bonus'
  | 'referral_reward'
  | 'withdrawal_hold'
  | 'transfer_fee'
  | 'withdrawal_return'
  | 'platform_fee'
  | 'platform_fee_refund'
  | 'membership_deposit'

export type LedgerStatus = 'pending' | 'confirmed' | 'failed'

/**
 * The append-only coin ledger: rows are never deleted and `coins` never changes; only `status`
 * and `reference` move on (a hold is confirmed when paid, failed when returned). The sum of
 * `coins` per user always equals `users.points`.
 */
export interface LedgerEntriesTable {
  id: Generated<number>
  user_id: number
  kind: LedgerKind
  /** Signed integer coins; 0 for rows that only inform (fee payments in rupees). */
  coins: number
  /** Rupees paid or refunded, for informational rows; null otherwise. */
  rupees: number | null
  status: LedgerStatus
  description: string
  /** UPI transaction reference, when there is one. */
  reference: string | null
  /** Unique per user: the request's Idempotency-Key, or a fixed key ('signup_bonus', …). */
  idempotency_key: string | null
  video_id: number | null
  order_id: number | null
  withdrawal_id: number | null
  related_user_id: number | null
  /** India day of a video reward. */
  reward_day: string | null
  created_at: string
  updated_at: string
}

export interface IdempotencyKeysTable {
  user_id: number
  key: string
  route: string
  /** SHA-256 of the canonical request body. */
  request_hash: string
  state: 'in_flight' | 'done'
  response_status: number | null
  /** JSON text of the first answer. */
  response_body: string | null
  created_at: string
  updated_at: string
}

export type OrderPurpose = 'membership' | 'platform_fee'
/**
 * Stored order states. 'cancelled': closed unpaid because the same purpose was paid by another
 * order (a second platform-fee order once the fee is confirmed). An open order past `expires_at`
 * is shown as 'expired' (computed on read, migration 004) but stays 'pending' here, so a payment
 * that arrives late can still be confirmed.
 */
export type OrderStatus = 'pending' | 'confirmed' | 'rejected' | 'cancelled'

export interface OrdersTable {
  id: Generated<number>
  /** Public order id, also the UPI transaction reference `tr`. */
  order_id: string
  user_id: number
  /** Whole rupees. */
  amount: number
  purpose: OrderPurpose
  membership_plan_id: number | null
  status: OrderStatus
  upi_reference: string | null
  reason: string | null
  idempotency_key: string | null
  created_at: string
  updated_at: string
  /** 24 hours after creation (migration 004); an open order is reused until then. */
  expires_at: string | null
  /** The 12-digit UPI transaction reference (UTR), unique across orders (migration 004). */
  utr: string | null
  utr_submitted_at: string | null
}

/**
 * 'held': waiting for an operator's review (migration 013), then 'requested' (approved) or
 * 'rejected'; 'requested' waits for the payout.
 */
export type WithdrawalStatus = 'requested' | 'held' | 'paid' | 'failed' | 'rejected'

export interface WithdrawalsTable {
  id: Generated<number>
  user_id: number
  upi_id: string
  /** Rupees sent (the slider value minus the fee). */
  amount: number
  /** Transfer fee in rupees. */
  fee: number
  /** Coins held: (amount + fee) × coins per rupee. */
  coins: number
  status: WithdrawalStatus
  upi_reference: string | null
  reason: string | null
  idempotency_key: string
  created_at: string
  updated_at: string
  /** The payout time promised when requested: the best paid plan's `withdrawl_days` (migration 004). */
  withdrawl_days: number | null
  /** created_at + withdrawl_days: when the payout is due (migration 004). */
  due_at: string | null
}

/** The tables of migration 002 (with the columns of migration 004). */
/** The ledger's coins by kind and status as of the last fold (migration 011). */
export interface LedgerTotalsTable {
  kind: LedgerKind
  status: LedgerStatus
  coins: number
}

/** Ledger coins written since the last fold, one row per change (migration 011; PostgreSQL). */
export interface LedgerTotalChangesTable {
  id: Generated<number>
  kind: LedgerKind
  status: LedgerStatus
  coins: number
}

export interface EarningTables {
  membership_plans: MembershipPlansTable
  videos: VideosTable
  video_handouts: VideoHandoutsTable
  video_rewards: VideoRewardsTable
  ledger_entries: LedgerEntriesTable
  idempotency_keys: IdempotencyKeysTable
  orders: OrdersTable
  withdrawals: WithdrawalsTable
  ledger_totals: LedgerTotalsTable
  ledger_total_changes: LedgerTotalChangesTable
}
