/**
 * Migration 014: indexes for what grows with use.
 * - access_tokens, operator_sessions (expires_at): the retention job deletes expired ones by it
 *   (server/db/retention.ts); every login adds an access token.
 * - audit_log (action, id) and (actor, id): the console's audit filters, newest first, read an
 *   index range instead of walking the whole log backwards for a rare action or operator (the
 *   entity filter has its index since migration 006).
 * Built concurrently on PostgreSQL, so this migration runs outside a transaction and every
 * statement may run again.
 */
import type { Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { createIndexOnline } from './online-index.ts'

export const transactional = false

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await createIndexOnline(db, engine, {
    name: 'access_tokens_expires',
    table: 'access_tokens',
    columns: ['expires_at'],
  })
  await createIndexOnline(db, engine, {
    name: 'operator_sessions_expires',
    table: 'operator_sessions',
    columns: ['expires_at'],
  })
  for (const column of ['action', 'actor']) {
    await createIndexOnline(db, engine, {
      name: `audit_log_${column}`,
      table: 'audit_log',
      columns: [column, 'id'],
    })
  }
}
