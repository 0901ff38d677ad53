/**
 * Settling orders (docs/product.md#flows, #transparency, #operators): an operator (console or `npm run ops`), a bank
 * statement import or the provider's signed webhook confirms a pending order, and the plan applies
 * or `platform_fee_paid` turns on, with an informational ledger row (coins 0, rupees paid); or an
 * operator rejects it. Orders are opened in orders.ts. Amounts are whole rupees.
 */
import type { Tx } from '../db/index.ts'
import { isUniqueViolation } from '../db/index.ts'
import { badRequest, conflict, notFound } from '../lib/errors.ts'
import { isUtr } from '../../contract/utr.ts'
import type { AppContext } from '../context.ts'
import { postLedgerEntry } from './ledger.ts'
import type { OrderOutcome } from '../../contract/api/ops.ts'

/** Checks a UPI transaction reference given by an operator or the provider (1–64 safe chars). */
export function checkUpiReference(value: unknown): string {
  const ref = typeof value === 'string' ? value.trim() : ''
  if (!/^[A-Za-z0-9._/-]{1,64}$/.test(ref)) {
    throw badRequest('VALIDATION', 'The UPI reference must be 1–64 letters, digits or ._/-')
  }
  return ref
}

/** Reads and locks (PostgreSQL: FOR UPDATE) the order `orderId`. Throws 404 ORDER_NOT_FOUND. */
async function lockOrder(ctx: AppContext, tx: Tx, orderId: string) {
  const query = tx.selectFrom('orders').selectAll().where('order_id', '=', orderId)
  const order = await ctx.dialect.lockForUpdate(query).executeTakeFirst()
  if (!order) throw notFound('ORDER_NOT_FOUND', `No order ${orderId}.`)
  return order
}

export type { OrderOutcome }

/**
 * Confirms a pending order in one transaction: applies the plan (`users.membership_plan_id`) or
 * sets `platform_fee_paid`, and writes an informational ledger row (coins 0, rupees paid, the
 * UPI reference). Confirming again with the same reference changes nothing. An order past its
 * 24 hours can still be confirmed: the money arrived.
 *
 * The UTR (docs/product.md#transparency): when the user entered one, `upiReference` must be that UTR (what the
 * operator saw in the bank statement); when the user did not and `upiReference` is 12 digits, it
 * becomes the order's UTR. Confirming the platform fee cancels the user's other open fee orders,
 * so no pending fee is left once the fee is paid.
 * With `fromProvider` (the signed webhook) the provider's reference is the bank's own record and
 * replaces a UTR the user mistyped.
 * Throws 404 ORDER_NOT_FOUND, 409 ORDER_ALREADY_CONFIRMED (other reference), 409 ORDER_REJECTED,
 * 409 ORDER_CANCELLED, 409 UTR_MISMATCH, 409 UTR_ALREADY_USED (another order has that UTR),
 * 400 VALIDATION (malformed reference).
 */
export async function confirmOrder(
  ctx: AppContext,
  orderId: string,
  upiReference: unknown,
  options: { fromProvider?: boolean } = {},
): Promise<OrderOutcome> {
  const reference = checkUpiReference(upiReference)
  const result = await ctx.db.transaction().execute(async (tx): Promise<OrderOutcome> => {
    const order = await lockOrder(ctx, tx, orderId)
    const outcome = { order_id: order.order_id, purpose: order.purpose, user_id: order.user_id }
    if (order.status === 'confirmed') {
      if (order.upi_reference === reference)
        return { ...outcome, status: 'confirmed', unchanged: true }
      throw conflict(
        'ORDER_ALREADY_CONFIRMED',
        `Order ${orderId} is already confirmed (${order.upi_reference}).`,
      )
    }
    if (order.status === 'rejected')
      throw conflict('ORDER_REJECTED', `Order ${orderId} was rejected.`)
    if (order.status === 'cancelled')
      throw conflict(
        'ORDER_CANCELLED',
        `Order ${orderId} was cancelled (${order.reason ?? 'paid by another order'}).`,
      )
    if (order.utr && order.utr !== reference && !options.fromProvider) {
      throw conflict(
        'UTR_MISMATCH',
        `The user gave UTR ${order.utr} for order ${orderId}, not ${reference}. Check the bank statement.`,
        { utr: order.utr },
      )
    }
    const utr = isUtr(reference) ? reference : options.fromProvider ? null : order.utr
    const now = ctx.now()
    await ctx.dialect.lockUser(tx, order.user_id)
    try {
      await tx
        .updateTable('orders')
        .set({
          status: 'confirmed',
          upi_reference: reference,
          utr,
          updated_at: now.toISOString(),
        })
        .where('id', '=', order.id)
        .execute()
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('UTR_ALREADY_USED', `UTR ${reference} is already on another order.`)
      throw error
    }
    if (order.purpose === 'membership' && order.membership_plan_id !== null) {
      const plan = await tx
        .selectFrom('membership_plans')
        .selectAll()
        .where('id', '=', order.membership_plan_id)
        .executeTakeFirstOrThrow()
      await tx
        .updateTable('users')
        .set({ membership_plan_id: plan.id })
        .where('id', '=', order.user_id)
        .execute()
      await postLedgerEntry(tx, {
        userId: order.user_id,
        kind: 'membership_deposit',
        coins: 0,
        rupees: order.amount,
        status: 'confirmed',
        description: `${plan.membership_type} plan deposit of ₹${order.amount}: ${plan.video_point} coins per video`,
        reference,
        orderId: order.id,
        idempotencyKey: `order:${order.order_id}`,
        at: now,
      })
    } else {
      await tx
        .updateTable('users')
        .set({ platform_fee_paid: 1 })
        .where('id', '=', order.user_id)
        .execute()
      await tx
        .updateTable('orders')
        .set({
          status: 'cancelled',
          reason: `The platform fee was paid with order ${order.order_id}`,
          updated_at: now.toISOString(),
        })
        .where('user_id', '=', order.user_id)
        .where('purpose', '=', 'platform_fee')
        .where('status', '=', 'pending')
        .where('id', '!=', order.id)
        .execute()
      await postLedgerEntry(tx, {
        userId: order.user_id,
        kind: 'platform_fee',
        coins: 0,
        rupees: order.amount,
        status: 'confirmed',
        description: `Platform fee of ₹${order.amount} paid (refundable within ${ctx.rules.platformFeeRefundDays} days)`,
        reference,
        orderId: order.id,
        idempotencyKey: `order:${order.order_id}`,
        at: now,
      })
    }
    return { ...outcome, status: 'confirmed', unchanged: false }
  })
  if (!result.unchanged)
    ctx.onMoneyMoved?.({
      kind: 'order_confirmed',
      userId: result.user_id,
      orderId: result.order_id,
    })
  return result
}

/**
 * Rejects a pending order (the payment never arrived); nothing else changes.
 * Throws 404 ORDER_NOT_FOUND, 409 ORDER_ALREADY_CONFIRMED, 409 ORDER_CANCELLED.
 */
export async function rejectOrder(
  ctx: AppContext,
  orderId: string,
  reason?: string,
): Promise<OrderOutcome> {
  const result = await ctx.db.transaction().execute(async (tx): Promise<OrderOutcome> => {
    const order = await lockOrder(ctx, tx, orderId)
    const outcome = { order_id: order.order_id, purpose: order.purpose, user_id: order.user_id }
    if (order.status === 'rejected') return { ...outcome, status: 'rejected', unchanged: true }
    if (order.status === 'cancelled')
      throw conflict('ORDER_CANCELLED', `Order ${orderId} was cancelled.`)
    if (order.status === 'confirmed') {
      throw conflict('ORDER_ALREADY_CONFIRMED', `Order ${orderId} is already confirmed.`)
    }
    await tx
      .updateTable('orders')
      .set({
        status: 'rejected',
        reason: reason?.slice(0, 200) || null,
        updated_at: ctx.now().toISOString(),
      })
      .where('id', '=', order.id)
      .execute()
    return { ...outcome, status: 'rejected', unchanged: false }
  })
  if (!result.unchanged)
    ctx.onMoneyMoved?.({ kind: 'order_rejected', userId: result.user_id, orderId: result.order_id })
  return result
}
