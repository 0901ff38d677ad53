/**
 * Abuse review's tables (migration 013): the signals recorded as requests arrive and the review of
 * held withdrawals. Timestamps are ISO-8601 UTC text.
 */
import type { Generated } from 'kysely'

/** What a recorded request did. */
export type AccountEvent = 'signup' | 'login' | 'claim' | 'withdrawal'

export interface AccountEventsTable {
  id: Generated<number>
  user_id: number
  event: AccountEvent
  /**
   * The device id the server chose and signed into the device token the PWA keeps (sent as
   * `X-Device-Token`; server/accounts/device-tokens.ts); null when a claim or withdrawal came
   * without a valid token.
   */
  device_id: string | null
  /** The client address as the server saw it (behind TRUST_PROXY: the forwarded one). */
  address: string
  /** The User-Agent header, at most 300 characters. */
  user_agent: string
  created_at: string
}

/** An operator's decision on a held withdrawal. */
export type ReviewDecision = 'approved' | 'rejected'

export interface WithdrawalReviewsTable {
  withdrawal_id: number
  user_id: number
  /** The rules that fired when it was held: JSON of RiskFinding[] (contract/risk-rules.ts). */
  findings: string
  held_at: string
  decision: ReviewDecision | null
  /** On rejection: the coins returned to the balance (0 when forfeited). */
  coins_returned: number | null
  operator_id: number | null
  /** The operator's reason. */
  note: string | null
  decided_at: string | null
}

/** The tables of migration 013. */
export interface RiskTables {
  account_events: AccountEventsTable
  withdrawal_reviews: WithdrawalReviewsTable
}
