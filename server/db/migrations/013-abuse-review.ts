/**
 * Migration 013: the signals abuse review reads and the review of held withdrawals (docs/product.md#rules
 * live rules; the privacy page says what is kept and for how long).
 * - account_events: one row per signup, login, withdrawal request and (at most once a day per
 *   device) reward claim, with the device id the PWA sends, the client address and user agent.
 *   Indexed by device (accounts on one device), by address and time (signup bursts and the daily
 *   signup limits) and by user. Kept 180 days (server/db/retention.ts).
 * - withdrawal_reviews: why a withdrawal was held (the rules that fired, with their evidence, as
 *   JSON) and the operator's decision.
 * - bank_details(account_number, ifsc): accounts paid to one bank account.
 * - video_rewards.played_ms: how long the app's player played the video before the claim (null:
 *   not reported, as by a script or an older app). A nullable column without a default: no
 *   table rewrite on PostgreSQL, whatever the table's size.
 * New tables are created empty; the one index on an existing table is built concurrently on
 * PostgreSQL, so this migration runs outside a transaction and every statement may run again.
 */
import { sql, type Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { createIndexOnline } from './online-index.ts'

export const transactional = false

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id =
    engine === 'postgres' ? sql`id serial primary key` : sql`id integer primary key autoincrement`
  await sql`create table if not exists account_events (
    ${id},
    user_id integer not null references users(id),
    event text not null,
    device_id text,
    address text not null,
    user_agent text not null,
    created_at text not null
  )`.execute(db)
  await sql`create table if not exists withdrawal_reviews (
    withdrawal_id integer primary key references withdrawals(id),
    user_id integer not null references users(id),
    findings text not null,
    held_at text not null,
    decision text,
    coins_returned integer,
    operator_id integer references operators(id),
    note text,
    decided_at text
  )`.execute(db)
  if (engine === 'postgres') {
    await sql`alter table video_rewards add column if not exists played_ms integer`.execute(db)
  } else {
    const columns = await sql<{
      name: string
    }>`select name from pragma_table_info('video_rewards')`.execute(db)
    if (!columns.rows.some((c) => c.name === 'played_ms')) {
      await sql`alter table video_rewards add column played_ms integer`.execute(db)
    }
  }
  const indexes = [
    { name: 'account_events_device', table: 'account_events', columns: ['device_id', 'user_id'] },
    {
      name: 'account_events_address',
      table: 'account_events',
      columns: ['address', 'event', 'created_at'],
    },
    { name: 'account_events_user', table: 'account_events', columns: ['user_id', 'id'] },
    { name: 'account_events_created', table: 'account_events', columns: ['created_at'] },
    { name: 'bank_details_account', table: 'bank_details', columns: ['account_number', 'ifsc'] },
  ]
  for (const spec of indexes) await createIndexOnline(db, engine, spec)
}
