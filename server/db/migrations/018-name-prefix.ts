/**
 * Migration 018: the console's user search by a prefix of a name (docs/product.md#scale: bounded
 * searches, each a range on an index), compared lower case: an index on `lower(first_name)`, in
 * byte order (`COLLATE "C"`) on PostgreSQL like the prefix indexes of migration 012
 * (server/db/dialect.ts `startsWith`). UPI IDs need none of their own: they are stored lower case
 * (migration 017), so `withdrawals_upi_id` (migration 012) answers their prefix. Built
 * concurrently on PostgreSQL, so this migration runs outside a transaction and may run again.
 */
import type { Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { createIndexOnline } from './online-index.ts'

export const transactional = false

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await createIndexOnline(db, engine, {
    name: 'users_first_name_prefix',
    table: 'users',
    columns: [engine === 'postgres' ? '(lower(first_name)) collate "C"' : 'lower(first_name)'],
  })
}
