/**
 * The console's two queues (docs/product.md#transparency, #operators): open orders waiting for the operator's check of the
 * bank statement, and requested withdrawals by due date (overdue first), filtered and paged. The
 * actions on them are in operator-actions.ts.
 */
import { REVIEW_COLUMNS, reviewOf } from '../risk/holds.ts'
import type { OrderPurpose } from '../db/schema/earning.ts'
import type { AppContext } from '../context.ts'
import { visibleStatus } from '../earning/order-view.ts'
import type { OrderQueueRow, WithdrawalQueueRow } from '../../contract/api/ops.ts'
import { canonicalUpiId } from '../../contract/validation.ts'
import {
  badCursor,
  countOfPage,
  countedUpToCap,
  pageLimit,
  usersNamed,
  type Page,
} from './queue-search.ts'

export type { Page }

/**
 * One page of a queue: its rows, the matching rows counted up to COUNT_CAP (`total_capped`: more
 * than that, shown "200+"), and the cursor of the next page (`after`), null on the last.
 */
export interface QueuePage<Row> {
  total: number
  total_capped: boolean
  next: string | null
  rows: Row[]
}

/**
 * Filters of the order queue. `status` defaults to `pending`; `q` names orders by their user's
 * email, phone or referral code (each a prefix), the order id or the UTR (each exact).
 */
export interface OrderQueueFilter extends Page {
  status?: 'pending' | 'confirmed' | 'rejected' | 'cancelled' | 'all'
  purpose?: OrderPurpose
  /** Only orders whose user entered a UTR (the ones ready to check). */
  withUtr?: boolean
  q?: string
}

/** An order cursor: the last row's id. */
function orderCursor(after: string | undefined): number | null {
  if (after === undefined || after === '') return null
  if (!/^\d{1,15}$/.test(after)) throw badCursor()
  return Number(after)
}

/**
 * The order queue, oldest first, one keyset page (`after`: the previous page's `next`) with
 * the capped count (docs/product.md#scale: every query indexed, no OFFSET, no count over a join).
 * Throws 400 VALIDATION for a cursor this queue did not give.
 */
export async function listOrderQueue(
  ctx: AppContext,
  filter: OrderQueueFilter = {},
): Promise<QueuePage<OrderQueueRow>> {
  const limit = pageLimit(filter)
  const after = orderCursor(filter.after)
  const status = filter.status ?? 'pending'
  let q = ctx.db.selectFrom('orders')
  if (status !== 'all') q = q.where('orders.status', '=', status)
  if (filter.purpose) q = q.where('orders.purpose', '=', filter.purpose)
  if (filter.withUtr) q = q.where('orders.utr', 'is not', null)
  const text = filter.q?.trim()
  if (text) {
    const userIds = await usersNamed(ctx, text)
    q = q.where((eb) =>
      eb.or([
        ...(userIds.length > 0 ? [eb('orders.user_id', 'in', userIds)] : []),
        eb('orders.order_id', '=', text.toUpperCase()),
        eb('orders.utr', '=', text),
      ]),
    )
  }
  const rows = await (after === null ? q : q.where('orders.id', '>', after))
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('membership_plans', 'membership_plans.id', 'orders.membership_plan_id')
    .select([
      'orders.id',
      'orders.order_id',
      'orders.user_id',
      'users.first_name',
      'users.email',
      'users.phone_number',
      'users.points',
      'orders.purpose',
      'orders.amount',
      'orders.membership_plan_id',
      'membership_plans.membership_type as plan_name',
      'orders.utr',
      'orders.upi_reference',
      'orders.status',
      'orders.created_at',
      'orders.expires_at',
      countedUpToCap(q).as('matched_count'),
    ])
    .orderBy('orders.id')
    .limit(limit + 1)
    .execute()
  const count = await countOfPage(ctx.db, q, rows, after !== null)
  const page = rows.slice(0, limit)
  const now = ctx.now()
  return {
    ...count,
    next: rows.length > limit ? String(page.at(-1)?.id) : null,
    rows: page.map(({ id: _id, matched_count: _count, ...r }) => ({
      ...r,
      status: visibleStatus(r, now),
      age_seconds: Math.max(0, Math.floor((now.getTime() - Date.parse(r.created_at)) / 1000)),
    })),
  }
}

/**
 * Filters of the withdrawal queue. `status` defaults to `requested`; `q` names withdrawals by
 * their user's email, phone or referral code (each a prefix) or the UPI ID (exact).
 */
export interface WithdrawalQueueFilter extends Page {
  status?: 'requested' | 'held' | 'paid' | 'failed' | 'rejected' | 'all'
  overdueOnly?: boolean
  q?: string
}

/** A withdrawal cursor: the last row's due date and id, `DUE_AT~ID`. */
function withdrawalCursor(after: string | undefined): { due: string; id: number } | null {
  if (after === undefined || after === '') return null
  const m = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)~(\d{1,15})$/.exec(after)
  if (!m) throw badCursor()
  return { due: m[1]!, id: Number(m[2]) }
}

/**
 * The withdrawal queue by due date (overdue first, then oldest due; ties by id); `held` is the
 * review queue (each row with its findings), the default `requested` the payout queue. One keyset
 * page (`after`: the previous page's `next`) with the capped count. Throws 400 VALIDATION for
 * a cursor this queue did not give.
 */
export async function listWithdrawalQueue(
  ctx: AppContext,
  filter: WithdrawalQueueFilter = {},
): Promise<QueuePage<WithdrawalQueueRow>> {
  const limit = pageLimit(filter)
  const after = withdrawalCursor(filter.after)
  const status = filter.status ?? 'requested'
  const nowText = ctx.now().toISOString()
  let q = ctx.db.selectFrom('withdrawals')
  if (status !== 'all') q = q.where('withdrawals.status', '=', status)
  if (filter.overdueOnly) {
    q = q
      .where('withdrawals.status', 'in', ['requested', 'held'])
      .where('withdrawals.due_at', '<=', nowText)
  }
  const text = filter.q?.trim()
  if (text) {
    const userIds = await usersNamed(ctx, text)
    q = q.where((eb) =>
      eb.or([
        ...(userIds.length > 0 ? [eb('withdrawals.user_id', 'in', userIds)] : []),
        // Stored UPI IDs are canonical, so any spelling of one finds it.
        eb('withdrawals.upi_id', '=', canonicalUpiId(text)),
      ]),
    )
  }
  const rows = await (
    after === null
      ? q
      : q.where((eb) =>
          eb(
            eb.refTuple('withdrawals.due_at', 'withdrawals.id'),
            '>',
            eb.tuple(after.due, after.id),
          ),
        )
  )
    .innerJoin('users', 'users.id', 'withdrawals.user_id')
    // Held and reviewed rows carry why they were held (the review's key is the withdrawal's id).
    .leftJoin('withdrawal_reviews', 'withdrawal_reviews.withdrawal_id', 'withdrawals.id')
    .leftJoin('operators', 'operators.id', 'withdrawal_reviews.operator_id')
    .select([
      'withdrawals.id',
      'withdrawals.user_id',
      'users.first_name',
      'users.email',
      'users.points',
      'withdrawals.upi_id',
      'withdrawals.amount',
      'withdrawals.fee',
      'withdrawals.coins',
      'withdrawals.status',
      'withdrawals.upi_reference',
      'withdrawals.reason',
      'withdrawals.created_at',
      'withdrawals.due_at',
      'withdrawals.withdrawl_days',
      ...REVIEW_COLUMNS,
      countedUpToCap(q).as('matched_count'),
    ])
    // Every row has a due date (migration 011 gave the older ones their creation time).
    .orderBy('withdrawals.due_at')
    .orderBy('withdrawals.id')
    .limit(limit + 1)
    .execute()
  const count = await countOfPage(ctx.db, q, rows, after !== null)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    ...count,
    next: rows.length > limit && last ? `${last.due_at}~${last.id}` : null,
    rows: page.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      first_name: r.first_name,
      email: r.email,
      points: r.points,
      upi_id: r.upi_id,
      amount: r.amount,
      fee: r.fee,
      coins: r.coins,
      status: r.status,
      upi_reference: r.upi_reference,
      reason: r.reason,
      created_at: r.created_at,
      due_at: r.due_at,
      withdrawl_days: r.withdrawl_days,
      // A held withdrawal is as overdue as any other: its promise does not wait for the review.
      overdue:
        (r.status === 'requested' || r.status === 'held') &&
        r.due_at !== null &&
        r.due_at <= nowText,
      review: r.status === 'paid' || r.status === 'failed' ? null : reviewOf(r),
    })),
  }
}
