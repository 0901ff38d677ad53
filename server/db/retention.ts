/**
 * Retention (docs/product.md#scale): what grows without bound is deleted once it can no longer matter,
 * in small batches, each its own short statement, so no lock is held for long and the writers
 * that share the tables never wait more than one batch. The ledger, the audit log, orders and
 * withdrawals are kept for good. docs/operations.md lists the periods.
 */
import { SIGNAL_RETENTION_DAYS } from '../../contract/risk-rules.ts'
import { sql } from 'kysely'
import type { Db } from './index.ts'

const DAY_MS = 86_400_000

/** How long each kind of row is kept after the time it is judged by, in days. */
export const RETENTION_DAYS = {
  /**
   * Answered Idempotency-Keys (`idempotency_keys`, state `done`), by creation: a replay within 90
   * days gets its first answer again. The key itself stays on its ledger row, withdrawal or order
   * for good (docs/product.md#api), whose unique keys refuse an older replay instead of applying it twice.
   */
  idempotencyKeys: 90,
  /** One-time codes, by creation: valid 10 minutes; the daily cap counts the last 24 hours. */
  otpCodes: 2,
  /** Wrong one-time-code guesses, by creation: the budget counts the last 24 hours. */
  otpGuesses: 2,
  /** One-time-code flow locks, by their end (24 hours after the lock). */
  otpFlowLocks: 1,
  /** Guess budgets (PIN and console) neither locked nor guessed at for 30 days, by last change. */
  guessBudgets: 30,
  /** Password-reset and unlock tokens, by their expiry (at most 24 hours after issue). */
  tokens: 7,
  /**
   * Abuse signals (`account_events`: device id, address, user agent at signup, login, claim and
   * withdrawal), by creation, as the privacy page promises.
   */
  accountEvents: SIGNAL_RETENTION_DAYS,
  /**
   * Access tokens and operator sessions, by their expiry (30 days and 8 hours after issue): an
   * expired one opens nothing; a month after it is kept for a support question about it.
   */
  sessions: 30,
} as const

/** Rows deleted per statement. */
export const RETENTION_BATCH = 5_000

/** What one pass deleted, per table. */
export type RetentionReport = Record<string, number>

/** One retention rule: deletes up to `batch` rows older than `cutoff`, returns how many. */
type Rule = (db: Db, cutoff: string, batch: number) => Promise<number>

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0)

/** Deletes up to `batch` rows of `table` (an `id` table) whose `column` is before `cutoff`. */
const byId =
  (table: string, column: string, extra = sql``): Rule =>
  async (db, cutoff, batch) =>
    affected(
      await sql`delete from ${sql.table(table)} where id in (
        select id from ${sql.table(table)} where ${sql.ref(column)} < ${cutoff} ${extra}
        limit ${batch})`.execute(db),
    )

const RULES: Array<[string, number, Rule]> = [
  [
    'idempotency_keys',
    RETENTION_DAYS.idempotencyKeys,
    async (db, cutoff, batch) =>
      affected(
        await sql`delete from idempotency_keys where (user_id, key) in (
          select user_id, key from idempotency_keys
          where created_at < ${cutoff} and state = 'done' limit ${batch})`.execute(db),
      ),
  ],
  ['otp_codes', RETENTION_DAYS.otpCodes, byId('otp_codes', 'created_at')],
  ['otp_guesses', RETENTION_DAYS.otpGuesses, byId('otp_guesses', 'created_at')],
  [
    'otp_flow_locks',
    RETENTION_DAYS.otpFlowLocks,
    async (db, cutoff, batch) =>
      affected(
        await sql`delete from otp_flow_locks where (address, purpose) in (
          select address, purpose from otp_flow_locks where locked_until < ${cutoff}
          limit ${batch})`.execute(db),
      ),
  ],
  [
    'guess_budgets',
    RETENTION_DAYS.guessBudgets,
    async (db, cutoff, batch) =>
      affected(
        await sql`delete from guess_budgets where subject in (
          select subject from guess_budgets where updated_at < ${cutoff}
            and (locked_until is null or locked_until < ${cutoff})
          limit ${batch})`.execute(db),
      ),
  ],
  ['password_reset_tokens', RETENTION_DAYS.tokens, byId('password_reset_tokens', 'expires_at')],
  ['unlock_tokens', RETENTION_DAYS.tokens, byId('unlock_tokens', 'expires_at')],
  ['account_events', RETENTION_DAYS.accountEvents, byId('account_events', 'created_at')],
  ['access_tokens', RETENTION_DAYS.sessions, byId('access_tokens', 'expires_at')],
  ['operator_sessions', RETENTION_DAYS.sessions, byId('operator_sessions', 'expires_at')],
]

/**
 * Deletes every row past its retention at `now`, RETENTION_BATCH rows per statement (`batch`
 * for tests), yielding to other work between batches, until none is left or `signal` aborts.
 * Safe to run on several instances at once. Returns the rows deleted per table.
 */
export async function enforceRetention(
  db: Db,
  now: Date,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<RetentionReport> {
  const batch = options.batch ?? RETENTION_BATCH
  const report: RetentionReport = {}
  for (const [table, days, rule] of RULES) {
    const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString()
    let total = 0
    for (;;) {
      if (options.signal?.aborted) return report
      const deleted = await rule(db, cutoff, batch)
      total += deleted
      if (deleted < batch) break
      await new Promise((resolve) => setImmediate(resolve))
    }
    report[table] = total
  }
  return report
}
