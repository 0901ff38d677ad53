/**
 * The console's two queues (issue 17; DECISIONS §4, §8): open orders waiting for the operator's
 * check of the bank statement, and requested withdrawals by due date (overdue first). Actions on
 * them run the same earning functions as the CLI and the webhook (server/earning/orders.ts,
 * withdrawals.ts) inside one transaction that also writes the audit row.
 */
import type { Tx } from '../db/index.ts'
import type { OrderPurpose } from '../db/schema/earning.ts'
import type { EarningContext } from '../earning/context.ts'
import { confirmOrder, rejectOrder, type OrderOutcome } from '../earning/orders.ts'
import { failWithdrawal, payWithdrawal, type WithdrawalOutcome } from '../earning/withdrawals.ts'
import { visibleStatus } from '../earning/order-view.ts'
import { badRequest, notFound } from '../lib/errors.ts'
import { writeAudit, type Actor } from './audit.ts'
import { joinTransaction } from './join-transaction.ts'

/** A page request: `limit` 1–200 (default 50), `offset` ≥ 0. */
export interface Page {
  limit?: number
  offset?: number
}

function pageOf(page: Page): { limit: number; offset: number } {
  const limit = Math.min(200, Math.max(1, Math.floor(Number(page.limit) || 50)))
  const offset = Math.max(0, Math.floor(Number(page.offset) || 0))
  return { limit, offset }
}

/** One row of the order queue. Amount in whole rupees; `age_seconds` since creation. */
export interface OrderQueueRow {
  order_id: string
  user_id: number
  email: string
  phone_number: string
  purpose: OrderPurpose
  amount: number
  membership_plan_id: number | null
  /** The 12-digit UTR the user entered, if any. */
  utr: string | null
  status: string
  created_at: string
  expires_at: string | null
  age_seconds: number
}

/** Filters of the order queue. `status` defaults to `pending`; `q` matches email, phone, order id or UTR. */
export interface OrderQueueFilter extends Page {
  status?: 'pending' | 'confirmed' | 'rejected' | 'cancelled' | 'all'
  purpose?: OrderPurpose
  /** Only orders whose user entered a UTR (the ones ready to check). */
  withUtr?: boolean
  q?: string
}

/** The order queue, oldest first, with the total count for paging. */
export async function listOrderQueue(
  ctx: EarningContext,
  filter: OrderQueueFilter = {},
): Promise<{ total: number; rows: OrderQueueRow[] }> {
  const { limit, offset } = pageOf(filter)
  const status = filter.status ?? 'pending'
  let q = ctx.db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id')
  if (status !== 'all') q = q.where('orders.status', '=', status)
  if (filter.purpose) q = q.where('orders.purpose', '=', filter.purpose)
  if (filter.withUtr) q = q.where('orders.utr', 'is not', null)
  const text = filter.q?.trim().toLowerCase()
  if (text) {
    q = q.where((eb) =>
      eb.or([
        eb('users.email', '=', text),
        eb('users.phone_number', '=', text),
        eb('orders.order_id', '=', text.toUpperCase()),
        eb('orders.utr', '=', text),
      ]),
    )
  }
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const rows = await q
    .select([
      'orders.order_id',
      'orders.user_id',
      'users.email',
      'users.phone_number',
      'orders.purpose',
      'orders.amount',
      'orders.membership_plan_id',
      'orders.utr',
      'orders.status',
      'orders.created_at',
      'orders.expires_at',
    ])
    .orderBy('orders.id')
    .limit(limit)
    .offset(offset)
    .execute()
  const now = ctx.now()
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      ...r,
      status: visibleStatus(r, now),
      age_seconds: Math.max(0, Math.floor((now.getTime() - Date.parse(r.created_at)) / 1000)),
    })),
  }
}

/** One row of the withdrawal queue. Amounts in whole rupees; times ISO. */
export interface WithdrawalQueueRow {
  id: number
  user_id: number
  email: string
  upi_id: string
  amount: number
  fee: number
  status: string
  upi_reference: string | null
  reason: string | null
  created_at: string
  due_at: string | null
  /** True while requested past its due date. */
  overdue: boolean
}

/** Filters of the withdrawal queue. `status` defaults to `requested`; `q` matches email, phone or UPI ID. */
export interface WithdrawalQueueFilter extends Page {
  status?: 'requested' | 'paid' | 'failed' | 'all'
  overdueOnly?: boolean
  q?: string
}

/** The withdrawal queue by due date (overdue first, then oldest due), with the total count. */
export async function listWithdrawalQueue(
  ctx: EarningContext,
  filter: WithdrawalQueueFilter = {},
): Promise<{ total: number; rows: WithdrawalQueueRow[] }> {
  const { limit, offset } = pageOf(filter)
  const status = filter.status ?? 'requested'
  const nowText = ctx.now().toISOString()
  let q = ctx.db.selectFrom('withdrawals').innerJoin('users', 'users.id', 'withdrawals.user_id')
  if (status !== 'all') q = q.where('withdrawals.status', '=', status)
  if (filter.overdueOnly) {
    q = q.where('withdrawals.status', '=', 'requested').where('withdrawals.due_at', '<=', nowText)
  }
  const text = filter.q?.trim().toLowerCase()
  if (text) {
    q = q.where((eb) =>
      eb.or([
        eb('users.email', '=', text),
        eb('users.phone_number', '=', text),
        eb('withdrawals.upi_id', '=', filter.q?.trim() ?? ''),
      ]),
    )
  }
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const rows = await q
    .select([
      'withdrawals.id',
      'withdrawals.user_id',
      'users.email',
      'withdrawals.upi_id',
      'withdrawals.amount',
      'withdrawals.fee',
      'withdrawals.status',
      'withdrawals.upi_reference',
      'withdrawals.reason',
      'withdrawals.created_at',
      'withdrawals.due_at',
    ])
    // Due date order puts the overdue first; a row with no due date (none since migration 004) last.
    .orderBy((eb) => eb.case().when('withdrawals.due_at', 'is', null).then(1).else(0).end())
    .orderBy('withdrawals.due_at')
    .orderBy('withdrawals.id')
    .limit(limit)
    .offset(offset)
    .execute()
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      ...r,
      overdue: r.status === 'requested' && r.due_at !== null && r.due_at <= nowText,
    })),
  }
}

/**
 * Runs `fn` in one transaction with a context whose earning functions join it, and writes the
 * audit row `entry(result)` there too (skipped when `entry` returns null: nothing changed).
 */
export async function auditedAction<T>(
  ctx: EarningContext,
  actor: Actor,
  fn: (tx: Tx, joined: EarningContext) => Promise<T>,
  entry: (result: T, tx: Tx) => Promise<Parameters<typeof writeAudit>[2] | null>,
): Promise<T> {
  return ctx.db.transaction().execute(async (tx) => {
    const joined: EarningContext = { ...ctx, db: joinTransaction(tx) }
    const result = await fn(tx, joined)
    const audit = await entry(result, tx)
    if (audit) await writeAudit(tx, actor, audit, ctx.now())
    return result
  })
}

async function orderRow(ctx: EarningContext, tx: Tx, orderId: string) {
  const q = tx.selectFrom('orders').selectAll().where('order_id', '=', orderId)
  const row = await (ctx.engine === 'postgres' ? q.forUpdate() : q).executeTakeFirst()
  if (!row) throw notFound('ORDER_NOT_FOUND', `No order ${orderId}.`)
  return row
}

async function withdrawalRow(ctx: EarningContext, tx: Tx, id: number) {
  if (!Number.isInteger(id) || id <= 0)
    throw badRequest('VALIDATION', 'The withdrawal id must be a number.')
  const q = tx.selectFrom('withdrawals').selectAll().where('id', '=', id)
  const row = await (ctx.engine === 'postgres' ? q.forUpdate() : q).executeTakeFirst()
  if (!row) throw notFound('WITHDRAWAL_NOT_FOUND', `No withdrawal ${id}.`)
  return row
}

/**
 * Confirms order `orderId` with the UPI reference (the UTR seen in the bank statement) through
 * confirmOrder, and audits it (`order.confirm`, the order row before and after). Errors as
 * confirmOrder's (404 ORDER_NOT_FOUND, 409 UTR_MISMATCH, …); a refused action writes nothing.
 */
export async function confirmOrderAsOperator(
  ctx: EarningContext,
  actor: Actor,
  orderId: string,
  upiReference: unknown,
  reason?: string,
): Promise<OrderOutcome> {
  let before: unknown
  return auditedAction(
    ctx,
    actor,
    async (tx, joined) => {
      before = await orderRow(ctx, tx, orderId)
      return confirmOrder(joined, orderId, upiReference)
    },
    async (out, tx) =>
      out.unchanged
        ? null
        : {
            action: 'order.confirm',
            entity: 'orders',
            entityId: orderId,
            before,
            after: await orderRow(ctx, tx, orderId),
            reason,
          },
  )
}

/**
 * Rejects order `orderId` (the payment never arrived) through rejectOrder, with a required
 * reason, and audits it (`order.reject`). Throws 400 VALIDATION without a reason; otherwise
 * rejectOrder's errors.
 */
export async function rejectOrderAsOperator(
  ctx: EarningContext,
  actor: Actor,
  orderId: string,
  reason: unknown,
): Promise<OrderOutcome> {
  const why = requireReason(reason)
  let before: unknown
  return auditedAction(
    ctx,
    actor,
    async (tx, joined) => {
      before = await orderRow(ctx, tx, orderId)
      return rejectOrder(joined, orderId, why)
    },
    async (out, tx) =>
      out.unchanged
        ? null
        : {
            action: 'order.reject',
            entity: 'orders',
            entityId: orderId,
            before,
            after: await orderRow(ctx, tx, orderId),
            reason: why,
          },
  )
}

/**
 * Marks withdrawal `id` paid with the UTR of the payout through payWithdrawal, and audits it
 * (`withdrawal.pay`). Errors as payWithdrawal's; paying again with the same UTR changes nothing
 * and writes no audit row.
 */
export async function payWithdrawalAsOperator(
  ctx: EarningContext,
  actor: Actor,
  id: number,
  upiReference: unknown,
  reason?: string,
): Promise<WithdrawalOutcome> {
  let before: unknown
  return auditedAction(
    ctx,
    actor,
    async (tx, joined) => {
      before = await withdrawalRow(ctx, tx, id)
      return payWithdrawal(joined, id, upiReference)
    },
    async (out, tx) =>
      out.unchanged
        ? null
        : {
            action: 'withdrawal.pay',
            entity: 'withdrawals',
            entityId: id,
            before,
            after: await withdrawalRow(ctx, tx, id),
            reason,
          },
  )
}

/**
 * Marks withdrawal `id` failed with a required reason through failWithdrawal (the coins return
 * to the balance as a ledger row), and audits it (`withdrawal.fail`). Throws 400 VALIDATION
 * without a reason; otherwise failWithdrawal's errors.
 */
export async function failWithdrawalAsOperator(
  ctx: EarningContext,
  actor: Actor,
  id: number,
  reason: unknown,
): Promise<WithdrawalOutcome> {
  const why = requireReason(reason)
  let before: unknown
  return auditedAction(
    ctx,
    actor,
    async (tx, joined) => {
      before = await withdrawalRow(ctx, tx, id)
      return failWithdrawal(joined, id, why)
    },
    async (out, tx) =>
      out.unchanged
        ? null
        : {
            action: 'withdrawal.fail',
            entity: 'withdrawals',
            entityId: id,
            before,
            after: await withdrawalRow(ctx, tx, id),
            reason: why,
          },
  )
}

/** A reason of 3–500 characters. Throws 400 VALIDATION. */
export function requireReason(value: unknown): string {
  const reason = typeof value === 'string' ? value.trim() : ''
  if (reason.length < 3 || reason.length > 500) {
    throw badRequest('VALIDATION', 'Give a reason (3–500 characters).')
  }
  return reason
}
