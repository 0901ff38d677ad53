/**
 * Migration 018: the console's user search by a prefix of a name (docs/product.md#scale: bounded
 * searches, each a range on an index), compared lower case: an index on `lower(first_name)`, in
 * byte order (`COLLATE "C"`) on PostgreSQL like the prefix indexes of migration 012
 * (server/db/dialect.ts `startsWith`); and one on the withdrawals' UPI IDs in byte order, for
 * their prefix (they are stored lower case since migration 017; `withdrawals_upi_id` of
 * migration 012 keeps answering exact matches). On SQLite the plain indexes answer both. Built
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
  if (engine === 'postgres')
    await createIndexOnline(db, engine, {
      name: 'withdrawals_upi_id_prefix',
      table: 'withdrawals',
      columns: ['upi_id collate "C"'],
    })
}
