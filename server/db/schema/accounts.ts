/**
 * Table shapes for Kysely. Timestamps are ISO-8601 UTC text (`toISOString()`), which compares
 * correctly as text on both SQLite and PostgreSQL; booleans are integers 0/1 on both engines.
 * Account tables (migrations 001, 005 and 009).
 */
import type { Generated } from 'kysely'

export interface UsersTable {
  id: Generated<number>
  first_name: string
  /** Lowercased. */
  email: string
  phone_number: string
  /** scrypt hash of the 4-digit PIN (server/lib/crypto.ts hashSecret). */
  pin_hash: string
  email_verified: number
  /** The user's own referral code, shared with friends. */
  referral_id: string
  /** Id of the user whose referral code was used at registration. */
  referred_by: number | null
  /** Balance in integer coins; the database refuses a negative value. Changed only with a ledger row. */
  points: number
  /** Videos watched (rewards credited). */
  views: number
  membership_plan_id: number | null
  platform_fee_paid: number
  is_faulty: number
  created_at: string
}

export interface AccessTokensTable {
  id: Generated<number>
  user_id: number
  /** SHA-256 of the token, hex. */
  token_hash: string
  expires_at: string
  revoked_at: string | null
  created_at: string
}

export interface OtpCodesTable {
  id: Generated<number>
  /** Random public id the client sends back (the product’s request_id). */
  request_id: string
  purpose: 'signup' | 'reset'
  /** Lowercased email the code was sent to. */
  address: string
  /**
   * The account the code is for; null for a decoy (migration 009): forgot-password for an address
   * with no account stores a code that is never mailed and never matches, so verify-otp answers
   * that address as it answers an account's.
   */
  user_id: number | null
  code_hash: string
  expires_at: string
  tries: number
  used_at: string | null
  /** Seconds after created_at before a resend is allowed. */
  resend_after_seconds: number
  created_at: string
}

export interface PasswordResetTokensTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  expires_at: string
  used_at: string | null
  created_at: string
}

/**
 * One wrong one-time-code guess (migrations 005, 009): counted per address (lowercased email) and
 * purpose over 24 hours, whether or not an account has the address.
 */
export interface OtpGuessesTable {
  id: Generated<number>
  address: string
  purpose: 'signup' | 'reset'
  created_at: string
}

/** An address's signup or reset flow locked after too many wrong codes (migrations 005, 009). */
export interface OtpFlowLocksTable {
  /** Lowercased email. */
  address: string
  purpose: 'signup' | 'reset'
  locked_until: string
  created_at: string
}

/**
 * The guess budget of one subject (migration 010; docs/product.md#security): `pin:user:<id>`,
 * `pin:id:<identifier>` (no account) or `ops:<email>`.
 */
export interface GuessBudgetsTable {
  subject: string
  /** Guesses taken since the last success or lock (a guess is counted before it is checked). */
  failed: number
  /** Locks so far: each lock lasts twice the one before, at most 24 hours. */
  lock_count: number
  locked_until: string | null
  updated_at: string
}

/** The single-use link of a lock mail (migration 010): clears the locks, opens the PIN reset. */
export interface UnlockTokensTable {
  id: Generated<number>
  user_id: number
  /** SHA-256 of the token, hex. */
  token_hash: string
  expires_at: string
  used_at: string | null
  created_at: string
}

/** The tables of migrations 001, 005, 009 and 010. */
export interface AccountTables {
  users: UsersTable
  access_tokens: AccessTokensTable
  otp_codes: OtpCodesTable
  password_reset_tokens: PasswordResetTokensTable
  guess_budgets: GuessBudgetsTable
  unlock_tokens: UnlockTokensTable
  otp_guesses: OtpGuessesTable
  otp_flow_locks: OtpFlowLocksTable
}
