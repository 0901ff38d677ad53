/**
 * Migration 015: orders (user_id, id), a user's orders newest first, so the wallet pages them by
 * keyset through the whole history (docs/product.md#scale) as it pages withdrawals (withdrawals_user,
 * migration 012) and ledger rows (ledger_entries_user). Built concurrently on PostgreSQL, so this
 * migration runs outside a transaction and may run again.
 */
import type { Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { createIndexOnline } from './online-index.ts'

export const transactional = false

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await createIndexOnline(db, engine, {
    name: 'orders_user',
    table: 'orders',
    columns: ['user_id', 'id'],
  })
}
