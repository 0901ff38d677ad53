/**
 * Migration 004: the payment promises (docs/product.md#rules, #transparency).
 * - orders: `expires_at` (24 h after creation; an open order is reused until then), `utr` (the
 *   12-digit UPI transaction reference the user entered or the bank statement gave; unique across
 *   all orders) and `utr_submitted_at`.
 * - withdrawals: `withdrawl_days` and `due_at` (the payout deadline, from the best plan the user
 *   had paid for when requesting), indexed for the operator's queue (oldest due first).
 * Rows written before this migration get `expires_at` = created_at + 24 h and a `due_at` from the
 * user's current plan (the free plan's days otherwise).
 */
import { sql, type Kysely } from 'kysely'
import type { Engine } from '../index.ts'

const DAY_MS = 86_400_000

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  // SQLite takes one ADD COLUMN per ALTER TABLE.
  await db.schema.alterTable('orders').addColumn('expires_at', 'text').execute()
  await db.schema.alterTable('orders').addColumn('utr', 'text').execute()
  await db.schema.alterTable('orders').addColumn('utr_submitted_at', 'text').execute()
  // NULLs are distinct on both engines: only entered UTRs must be unique.
  await db.schema.createIndex('orders_utr').on('orders').column('utr').unique().execute()
  await db.schema
    .createIndex('orders_open')
    .on('orders')
    .columns(['user_id', 'status', 'expires_at'])
    .execute()

  await db.schema.alterTable('withdrawals').addColumn('withdrawl_days', 'integer').execute()
  await db.schema.alterTable('withdrawals').addColumn('due_at', 'text').execute()
  await db.schema
    .createIndex('withdrawals_due')
    .on('withdrawals')
    .columns(['status', 'due_at'])
    .execute()

  const orders = await sql<{ id: number; created_at: string }>`
    select id, created_at from orders where expires_at is null`.execute(db)
  for (const o of orders.rows) {
    const expires = new Date(Date.parse(o.created_at) + DAY_MS).toISOString()
    await sql`update orders set expires_at = ${expires} where id = ${o.id}`.execute(db)
  }

  const plans = await sql<{ id: number; deposit_point: string; withdrawl_days: number }>`
    select id, deposit_point, withdrawl_days from membership_plans`.execute(db)
  const free = plans.rows.find((p) => p.deposit_point.toUpperCase() === 'FREE')
  const fallbackDays =
    free?.withdrawl_days ?? Math.max(7, ...plans.rows.map((p) => Number(p.withdrawl_days)))
  const withdrawals = await sql<{ id: number; created_at: string; plan_id: number | null }>`
    select w.id, w.created_at, u.membership_plan_id as plan_id
    from withdrawals w join users u on u.id = w.user_id where w.due_at is null`.execute(db)
  for (const w of withdrawals.rows) {
    const plan = plans.rows.find((p) => p.id === w.plan_id)
    const days = Number(plan?.withdrawl_days ?? fallbackDays)
    const due = new Date(Date.parse(w.created_at) + days * DAY_MS).toISOString()
    await sql`update withdrawals set withdrawl_days = ${days}, due_at = ${due} where id = ${w.id}`.execute(
      db,
    )
  }
}
