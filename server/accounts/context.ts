/**
 * What the account functions need from the app: the database, the clock and the mailer. Built
 * once per route plugin from the Fastify instance so the functions stay plain and testable.
 */
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/index.ts'
import type { Mailer } from '../plugins/mailer.ts'

export interface AccountContext {
  db: Db
  /** The current time (the app's injected clock in tests). */
  now(): Date
  mailer: Mailer
}

/** The account context of `app`: `app.db`, `app.config.clock` (else the wall clock), `app.mailer`. */
export function accountContext(app: FastifyInstance): AccountContext {
  const clock = app.config.clock
  return {
    db: app.db,
    now: clock ? () => clock() : () => new Date(),
    mailer: app.mailer,
  }
}

/** `date` plus `ms` milliseconds, as the ISO text the timestamp columns hold. */
export function isoAfter(date: Date, ms: number): string {
  return new Date(date.getTime() + ms).toISOString()
}
