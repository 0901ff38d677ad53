/**
 * Migration 005: account security and speed (docs/product.md#api, #security).
 * - otp_guesses: one row per wrong one-time-code guess (user, purpose, when), counted over the
 *   last 24 hours across codes and IPs; at 10 the flow is locked.
 * - otp_flow_locks: a flow (signup or reset) of one account locked until `locked_until`; even a
 *   right code is refused then.
 * - The dashboard's one read per request (a user's handouts and rewards of one India day) gets
 *   indexes on (user_id, india_day): the primary keys put video_id in between, so without them the
 *   read scans every day the user ever had.
 * - Client Idempotency-Keys move into their own namespace: every key a client sent is stored as
 *   `client:KEY`, so no client key can equal a key the server writes (`signup_bonus`,
 *   `referral:<id>`, `order:<id>`, …). Rows written before this migration are renamed so a replay
 *   of an old key still finds its first answer.
 */
import { sql, type Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { addIdColumn } from './helpers.ts'

/** The ledger kinds whose `idempotency_key` is the client's key (or the client's key + `#fee`). */
const CLIENT_KEYED_KINDS = ['video_reward', 'withdrawal_hold', 'transfer_fee']

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addIdColumn(db.schema.createTable('otp_guesses'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('otp_guesses_user_purpose')
    .on('otp_guesses')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute()

  await db.schema
    .createTable('otp_flow_locks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('otp_flow_locks_pk', ['user_id', 'purpose'])
    .execute()

  // The daily cap counts a user's codes of one purpose.
  await db.schema
    .createIndex('otp_codes_user_purpose')
    .on('otp_codes')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute()

  await db.schema
    .createIndex('video_handouts_user_day')
    .on('video_handouts')
    .columns(['user_id', 'india_day'])
    .execute()
  await db.schema
    .createIndex('video_rewards_user_day')
    .on('video_rewards')
    .columns(['user_id', 'india_day'])
    .execute()

  const prefix = (column: string) => sql`${sql.lit('client:')} || ${sql.ref(column)}`
  await sql`update idempotency_keys set key = ${prefix('key')}`.execute(db)
  await sql`update orders set idempotency_key = ${prefix('idempotency_key')}
    where idempotency_key is not null`.execute(db)
  await sql`update withdrawals set idempotency_key = ${prefix('idempotency_key')}`.execute(db)
  await sql`update ledger_entries set idempotency_key = ${prefix('idempotency_key')}
    where idempotency_key is not null
      and kind in (${sql.join(CLIENT_KEYED_KINDS.map((k) => sql.lit(k)))})`.execute(db)
}
