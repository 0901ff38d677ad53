/**
 * Migration 012: the indexes the console, the wallet, the start-up and the retention job need at
 * a million users (docs/product.md#scale). Built with CREATE INDEX CONCURRENTLY on PostgreSQL, so the
 * tables stay writable while a large one is indexed; that cannot run in a transaction, so this
 * migration runs outside one (`transactional = false`, server/db/migrate.ts) and each statement
 * is safe to run again after a crash halfway.
 * - users: prefix search on email, phone and referral code: a range in byte order, `COLLATE "C"`
 *   on PostgreSQL (whose database collation may not be byte order; server/db/prefix.ts), while
 *   SQLite's unique indexes already compare bytes.
 * - orders: the queue's keyset order (status, id) with the filters the queue, its capped count and
 *   `/metrics` read (purpose, UTR) carried in the index on PostgreSQL (INCLUDE), so they are
 *   counted from the index alone; it replaces `orders_status`.
 * - withdrawals: the queue's keyset order (status, due_at, id) and (due_at, id) for all statuses,
 *   a user's withdrawals newest first (the wallet), and the exact UPI ID search.
 * - idempotency_keys: the keys in flight (a partial index: start-up releases them without reading
 *   the rest), and the creation time the retention job deletes by.
 * - otp_codes, otp_guesses, password_reset_tokens, unlock_tokens: the retention job's time
 *   filter (server/db/retention.ts; guess_budgets has one already).
 */
import type { Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { createIndexOnline, dropIndexOnline } from './online-index.ts'

/** Runs outside a transaction on PostgreSQL: CREATE INDEX CONCURRENTLY cannot run in one. */
export const transactional = false

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    for (const column of ['email', 'phone_number', 'referral_id']) {
      await createIndexOnline(db, engine, {
        name: `users_${column}_prefix`,
        table: 'users',
        columns: [`${column} collate "C"`],
      })
    }
  }
  if (engine === 'postgres') {
    await createIndexOnline(db, engine, {
      name: 'orders_queue',
      table: 'orders',
      columns: ['status', 'id'],
      include: ['purpose', 'utr'],
    })
    await dropIndexOnline(db, engine, 'orders_status')
  }
  await createIndexOnline(db, engine, {
    name: 'withdrawals_queue',
    table: 'withdrawals',
    columns: ['status', 'due_at', 'id'],
  })
  // The queue's index above leads with the same columns.
  await dropIndexOnline(db, engine, 'withdrawals_due')
  await createIndexOnline(db, engine, {
    name: 'withdrawals_due_all',
    table: 'withdrawals',
    columns: ['due_at', 'id'],
  })
  await createIndexOnline(db, engine, {
    name: 'withdrawals_user',
    table: 'withdrawals',
    columns: ['user_id', 'id'],
  })
  await createIndexOnline(db, engine, {
    name: 'withdrawals_upi_id',
    table: 'withdrawals',
    columns: ['upi_id'],
  })
  await createIndexOnline(db, engine, {
    name: 'idempotency_keys_in_flight',
    table: 'idempotency_keys',
    columns: ['user_id', 'key'],
    where: "state = 'in_flight'",
  })
  await createIndexOnline(db, engine, {
    name: 'idempotency_keys_created',
    table: 'idempotency_keys',
    columns: ['created_at'],
  })
  await createIndexOnline(db, engine, {
    name: 'otp_codes_created',
    table: 'otp_codes',
    columns: ['created_at'],
  })
  await createIndexOnline(db, engine, {
    name: 'otp_guesses_created',
    table: 'otp_guesses',
    columns: ['created_at'],
  })
  for (const table of ['password_reset_tokens', 'unlock_tokens']) {
    await createIndexOnline(db, engine, {
      name: `${table}_expires`,
      table,
      columns: ['expires_at'],
    })
  }
}
