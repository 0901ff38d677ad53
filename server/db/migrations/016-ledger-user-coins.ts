/**
 * Migration 016: a user's ledger index carries the coins, (user_id, id, coins) in place of
 * (user_id, id). The console's user look-up sums a user's whole ledger beside the balance
 * (server/ops/user-lookup.ts): with the coins in the index that sum reads the index alone, not
 * every row of a long history. The wallet's keyset pages use it as they used the old one.
 * Built concurrently on PostgreSQL, so this migration runs outside a transaction and every
 * statement may run again.
 */
import type { Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { createIndexOnline, dropIndexOnline } from './online-index.ts'

export const transactional = false

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await createIndexOnline(db, engine, {
    name: 'ledger_entries_user_coins',
    table: 'ledger_entries',
    columns: ['user_id', 'id', 'coins'],
  })
  await dropIndexOnline(db, engine, 'ledger_entries_user')
}
