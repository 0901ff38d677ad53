/**
 * The console's two queues (DECISIONS §4, §8): open orders waiting for the operator's check of the
 * bank statement, and requested withdrawals by due date (overdue first), filtered and paged. The
 * actions on them are in operator-actions.ts.
 */
import type { OrderPurpose } from '../db/schema/earning.ts'
import type { AppContext } from '../context.ts'
import { visibleStatus } from '../earning/order-view.ts'
import type { OrderQueueRow, WithdrawalQueueRow } from '../../contract/api/ops.ts'

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
  ctx: AppContext,
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
      'orders.upi_reference',
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

/** Filters of the withdrawal queue. `status` defaults to `requested`; `q` matches email, phone or UPI ID. */
export interface WithdrawalQueueFilter extends Page {
  status?: 'requested' | 'paid' | 'failed' | 'all'
  overdueOnly?: boolean
  q?: string
}

/** The withdrawal queue by due date (overdue first, then oldest due), with the total count. */
export async function listWithdrawalQueue(
  ctx: AppContext,
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
      'withdrawals.withdrawl_days',
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
