/**
 * What the earning functions need, shared by the API routes, the webhook, the ops CLI and the
 * tests: the database and its engine, the business rules (DECISIONS §3) and a clock.
 */
import type { FastifyInstance } from 'fastify'
import type { Db, Engine, Tx } from '../db/index.ts'
import type { Rules } from '../../src/shared/rules.ts'

export interface EarningContext {
  db: Db
  engine: Engine
  rules: Rules
  /** The current time (tests inject a clock). */
  now(): Date
  /**
   * Told of each order confirmed or rejected and each withdrawal paid or failed, once its
   * transaction has committed (the push notifications of issue 16). Never throws.
   */
  onMoneyMoved?: (event: MoneyEvent) => void
}

/** A change to a user's money that the user is notified of (issue 16). */
export type MoneyEvent =
  | { kind: 'order_confirmed' | 'order_rejected'; userId: number; orderId: string }
  | { kind: 'withdrawal_paid' | 'withdrawal_failed'; userId: number; withdrawalId: number }

/** The context of a running app: its database, rules and (optionally injected) clock. */
export function contextOf(app: FastifyInstance): EarningContext {
  return {
    db: app.db,
    engine: app.engine,
    rules: app.config.rules,
    now: () => app.config.clock?.() ?? new Date(),
    onMoneyMoved: (event) => app.push.moneyMoved(event),
  }
}

/** Runs `fn` in one database transaction. */
export function inTransaction<T>(ctx: EarningContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute(fn)
}

/** India's day (Asia/Kolkata, UTC+5:30, no daylight saving) of `at`, as 'YYYY-MM-DD'. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10)
}
