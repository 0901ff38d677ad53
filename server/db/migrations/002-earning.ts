/** Migration 002: the earning loop (plans, videos, ledger, orders, withdrawals, idempotency keys). */
import type { Kysely } from 'kysely'
import type { Engine } from '../index.ts'

export async function up(_db: Kysely<unknown>, _engine: Engine): Promise<void> {
  // Filled by the earning-loop work (issue 3).
}
