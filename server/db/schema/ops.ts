/**
 * The operators' console tables (migration 006; docs/product.md#operators). Timestamps are ISO-8601
 * UTC text; booleans are integers 0/1.
 */
import type { Generated } from 'kysely'

export type OperatorRole = 'operator' | 'viewer'

export interface OperatorsTable {
  id: Generated<number>
  /** Lowercased. */
  email: string
  /** `operator` acts; `viewer` reads everything and changes nothing. */
  role: OperatorRole
  /** scrypt hash of the password (server/lib/crypto.ts hashSecret). */
  password_hash: string
  /** 1 while the password is the one `create-admin` printed (migration 007). */
  password_must_change: Generated<number>
  /** The TOTP secret, Base32 (RFC 6238, 6 digits, 30 s). */
  totp_secret: string
  /** The time step of the last accepted code: a code is never accepted twice. */
  totp_last_step: number | null
  disabled_at: string | null
  created_at: string
}

export interface OperatorSessionsTable {
  id: Generated<number>
  operator_id: number
  /** SHA-256 of the session token, hex. */
  token_hash: string
  ip: string | null
  created_at: string
  /** 8 hours after login. */
  expires_at: string
  revoked_at: string | null
}

/** One operator action; the table refuses UPDATE and DELETE (triggers, migration 006). */
export interface AuditLogTable {
  id: Generated<number>
  /** Null for the command line (`actor` says who ran it). */
  operator_id: number | null
  /** The operator's email, or `cli:<os user>`. */
  actor: string
  /** e.g. `order.confirm`, `withdrawal.pay`, `rules.update`. */
  action: string
  /** The table the action changed: `orders`, `withdrawals`, `rules`, … */
  entity: string
  entity_id: string | null
  /** JSON text of the row before and after (null where there was none). */
  before: string | null
  after: string | null
  reason: string | null
  ip: string | null
  created_at: string
}

/** The live rules (docs/product.md#rules): the newest row is in force; older rows are the history. */
export interface RuleVersionsTable {
  id: Generated<number>
  /** JSON text of the whole `Rules` object (contract/rules.ts). */
  rules: string
  operator_id: number | null
  reason: string | null
  created_at: string
}

/** A user's flag or suspension; a suspended user cannot claim rewards or withdraw. */
export interface UserModerationTable {
  user_id: number
  flagged: number
  suspended: number
  /** Shown to a suspended user. */
  reason: string | null
  updated_by: number | null
  updated_at: string
}

/** The tables of migration 006. */
export interface OpsTables {
  operators: OperatorsTable
  operator_sessions: OperatorSessionsTable
  audit_log: AuditLogTable
  rule_versions: RuleVersionsTable
  user_moderation: UserModerationTable
}

// Migration 006's columns on migration 002's tables, declared here so earning.ts stays its own.
declare module './earning.ts' {
  interface VideosTable {
    /** Display order, ascending (migration 006). */
    position: Generated<number>
    /** 0 hides the video from the dashboard (migration 006). */
    active: Generated<number>
  }
  interface MembershipPlansTable {
    /** 0 hides the plan from new deposits (migration 006). */
    active: Generated<number>
  }
}
