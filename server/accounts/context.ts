/**
 * What the account functions need from the app: the database, the clock, the mailer and the
 * background task runner (mails that must not hold or shape the answer). Built
 * once per route plugin from the Fastify instance so the functions stay plain and testable.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db } from '../db/index.ts'
import type { Mailer } from '../plugins/mailer.ts'
import type { BackgroundTasks } from '../plugins/background.ts'
import type { Rules } from '../../src/shared/rules.ts'

export interface AccountContext {
  db: Db
  /** The current time (the app's injected clock in tests). */
  now(): Date
  mailer: Mailer
  /** The business rules the server enforces (DECISIONS §3). */
  rules: Rules
  log: FastifyBaseLogger
  /** Runs work after the caller has moved on (lock notices to the owner); failures are logged. */
  background: BackgroundTasks
}

/**
 * The account context of `app`: db, clock (`config.clock`, else the wall clock), mailer, rules,
 * log and background tasks (the background plugin must be registered).
 */
export function accountContext(app: FastifyInstance): AccountContext {
  const clock = app.config.clock
  return {
    db: app.db,
    now: clock ? () => clock() : () => new Date(),
    mailer: app.mailer,
    rules: app.config.rules,
    log: app.log,
    background: app.background,
  }
}

/** `date` plus `ms` milliseconds, as the ISO text the timestamp columns hold. */
export function isoAfter(date: Date, ms: number): string {
  return new Date(date.getTime() + ms).toISOString()
}
