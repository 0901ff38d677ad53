/**
 * Migration 009: one-time codes are budgeted and locked per address, and an address with no
 * account can hold a code (docs/product.md#security).
 * - otp_codes.user_id may be null: forgot-password for an address with no account stores a decoy
 *   code that is never mailed and matches no 4-digit code, so `POST /verify-otp/` answers such an
 *   address exactly as it answers an account's (tries left, expiry, the lock), and nobody can
 *   learn who has an account by asking for a reset and then guessing. SQLite cannot drop a NOT
 *   NULL, so there the table is rebuilt with its rows and ids.
 * - otp_guesses and otp_flow_locks are keyed by the lowercased address instead of the user id, so
 *   the 10-wrong-codes budget and the 24-hour lock hold for every address alike. Their rows are
 *   carried over with their user's email (both tables are small: a day's guesses and the locks).
 * - The daily cap of codes counts an address's codes, on the existing (address, purpose,
 *   created_at) index.
 */
import { sql, type Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { addIdColumn } from './helpers.ts'

/** Rows carried over per INSERT, well under SQLite's limit of bound values. */
const CHUNK = 500

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await allowCodesWithoutUser(db, engine)

  const guesses = await sql<{ address: string; purpose: string; created_at: string }>`
    select u.email as address, g.purpose, g.created_at
    from otp_guesses g join users u on u.id = g.user_id`.execute(db)
  await db.schema.dropTable('otp_guesses').execute()
  await addIdColumn(db.schema.createTable('otp_guesses'), engine)
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('otp_guesses_address_purpose')
    .on('otp_guesses')
    .columns(['address', 'purpose', 'created_at'])
    .execute()
  await insertChunks(db, 'otp_guesses', guesses.rows)

  const locks = await sql<{
    address: string
    purpose: string
    locked_until: string
    created_at: string
  }>`
    select u.email as address, l.purpose, l.locked_until, l.created_at
    from otp_flow_locks l join users u on u.id = l.user_id`.execute(db)
  await db.schema.dropTable('otp_flow_locks').execute()
  await db.schema
    .createTable('otp_flow_locks')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('otp_flow_locks_address_pk', ['address', 'purpose'])
    .execute()
  await insertChunks(db, 'otp_flow_locks', locks.rows)
}

/** Makes otp_codes.user_id nullable, keeping every row, id and index. */
async function allowCodesWithoutUser(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table otp_codes alter column user_id drop not null`.execute(db)
    return
  }
  await db.schema.alterTable('otp_codes').renameTo('otp_codes_008').execute()
  await addIdColumn(db.schema.createTable('otp_codes'), engine)
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .addColumn('resend_after_seconds', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into otp_codes (id, request_id, purpose, address, user_id, code_hash,
      expires_at, tries, used_at, resend_after_seconds, created_at)
    select id, request_id, purpose, address, user_id, code_hash, expires_at, tries, used_at,
      resend_after_seconds, created_at
    from otp_codes_008`.execute(db)
  // The old table's indexes go with it; the same names are free again afterwards.
  await db.schema.dropTable('otp_codes_008').execute()
  await db.schema
    .createIndex('otp_codes_address_purpose')
    .on('otp_codes')
    .columns(['address', 'purpose', 'created_at'])
    .execute()
  await db.schema
    .createIndex('otp_codes_user_purpose')
    .on('otp_codes')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute()
}

/** Inserts `rows` (all with the same keys) into `table`, CHUNK rows per statement. */
async function insertChunks(
  db: Kysely<unknown>,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  const untyped = db as Kysely<Record<string, Record<string, unknown>>>
  for (let start = 0; start < rows.length; start += CHUNK) {
    await untyped
      .insertInto(table)
      .values(rows.slice(start, start + CHUNK))
      .execute()
  }
}
