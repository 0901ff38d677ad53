/**
 * The application context: what the domain functions of accounts/, earning/, ops/ and profile/ need
 * from the running process, built once per route plugin from the Fastify instance (`appContext`) or
 * by the operator CLI (server/ops/cli.ts), so the API, the webhook, the console and the command
 * line run the same plain, testable functions over the same dependencies.
 */
import type { FastifyInstance } from 'fastify'
import type { Db, SqlDialect } from './db/index.ts'
import type { Logger } from './lib/logger.ts'
import type { Mailer } from './plugins/mailer.ts'
import type { BackgroundTasks } from './plugins/background.ts'
import type { Rules } from '../contract/rules.ts'
import type { RiskRules } from '../contract/risk-rules.ts'

export type { Logger }

/**
 * Whether a keyed request was answered from the idempotency store: the metrics plugin hands each
 * keyed request a note, `runIdempotent` marks it, and the replay is counted without a read.
 */
export interface ReplayNote {
  replay: boolean
}

/** A change to a user's money that the user is notified of (a push notification). */
export type MoneyEvent =
  | { kind: 'order_confirmed' | 'order_rejected'; userId: number; orderId: string }
  | { kind: 'withdrawal_paid' | 'withdrawal_failed'; userId: number; withdrawalId: number }

export interface AppContext {
  db: Db
  /**
   * Where `runIdempotent` takes Idempotency-Keys outside a transaction: on PostgreSQL the pool
   * whose commits do not wait for the WAL flush (server/db/index.ts `openDatabase`); absent: `db`.
   */
  asyncCommitDb?: Db
  /** SQLite's and PostgreSQL's differences: row locks, prefix matching, statement limits. */
  dialect: SqlDialect
  /**
   * The business rules the server enforces (docs/product.md#rules): the app's `config.rules`, which the
   * live-rules plugin updates in place, so a context built at start sees every saved version.
   */
  rules: Rules
  /** The risk rules (live, like `rules`): which withdrawals are held for review. */
  risk: RiskRules
  /** The current time (the app's injected clock in tests). */
  now(): Date
  /** Where people open the PWA, for links in mails (`PUBLIC_URL`, no trailing slash). */
  publicUrl: string
  log: Logger
  mailer: Mailer
  /** Runs work after the caller has moved on (lock notices to the owner); failures are logged. */
  background: BackgroundTasks
  /**
   * Told of each order confirmed or rejected and each withdrawal paid or failed, once its
   * transaction has committed (for the push notifications). Never throws.
   */
  onMoneyMoved?: (event: MoneyEvent) => void
}

/**
 * The context of a running app: its database and its dialect, rules, clock (`config.clock`, else the
 * wall clock), log, mailer, background tasks and push notifier (the mailer, background and push
 * plugins must be registered).
 */
export function appContext(app: FastifyInstance): AppContext {
  const clock = app.config.clock
  return {
    db: app.db,
    asyncCommitDb: app.asyncCommitDb,
    dialect: app.dialect,
    rules: app.config.rules,
    risk: app.config.risk,
    now: clock ? () => clock() : () => new Date(),
    publicUrl: app.config.publicUrl ?? `http://localhost:${app.config.port}`,
    log: app.log,
    mailer: app.mailer,
    background: app.background,
    onMoneyMoved: (event) => app.push.moneyMoved(event),
  }
}
