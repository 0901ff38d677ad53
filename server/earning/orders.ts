/**
 * Orders for a membership plan or the platform fee (SPEC §2, §4; DECISIONS §4, §8). An order stays
 * pending until an operator (`npm run ops`) or the provider's signed webhook confirms it; then
 * the plan applies or `platform_fee_paid` turns on, with an informational ledger row (coins 0,
 * rupees paid). Amounts are whole rupees.
 *
 * One open order per purpose and amount (DECISIONS §4): creating an order while the user has an
 * open one for the same purpose, plan and amount returns that order (same id, same QR). An order is
 * open while pending and younger than ORDER_TTL_MS; after that it reads as 'expired'. A user has at
 * most MAX_OPEN_ORDERS open orders.
 */
import crypto from 'node:crypto'
import type { Tx } from '../db/index.ts'
import { isUniqueViolation } from '../db/index.ts'
import type { OrderPurpose } from '../db/schema/earning.ts'
import { badRequest, conflict, notFound } from '../lib/errors.ts'
import { UTR_PATTERN } from '../../src/shared/utr.ts'
import type { AppContext } from '../context.ts'
import { assertWholeRupees, lockUser, postLedgerEntry } from './ledger.ts'
import { orderView } from './order-view.ts'
import type { CreatedOrder } from '../../src/shared/contract/earning.ts'

/** How long an order stays open (reused, payable): 24 hours, in ms (DECISIONS §4). */
const ORDER_TTL_MS = 24 * 3_600_000

/** The most open orders one user may have at once (all purposes). */
export const MAX_OPEN_ORDERS = 3

/** A new public order id: 'WE' + 16 hex digits (also the UPI `tr` reference). */
function newOrderId(): string {
  return `WE${crypto.randomBytes(8).toString('hex').toUpperCase()}`
}

/** The PWA page where the order is paid by UPI. */
function paymentLink(order: {
  order_id: string
  amount: number
  purpose: OrderPurpose
  membership_plan_id: number | null
}): string {
  const q = new URLSearchParams({ deposit: String(order.amount) })
  if (order.purpose === 'platform_fee') q.set('KeyFrom', 'Platform Fee')
  else q.set('membership_plan_id', String(order.membership_plan_id))
  q.set('order_id', order.order_id)
  return `/m-payment?${q.toString().replace(/\+/g, '%20')}`
}

/**
 * Creates a pending order in `tx`, or returns the user's open order for the same purpose, plan
 * and amount (`reused: true`). `membership_plan_id` null means the platform fee.
 * Throws 400 VALIDATION, 400 PLAN_NOT_FOUND, 400 FREE_PLAN, 400 AMOUNT_MISMATCH,
 * 409 FEE_ALREADY_PAID, 409 TOO_MANY_OPEN_ORDERS (MAX_OPEN_ORDERS open, none reusable; `open_orders`
 * lists their ids).
 */
export async function createOrder(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  body: { amount?: unknown; membership_plan_id?: unknown },
  idempotencyKey: string | null,
): Promise<CreatedOrder> {
  const amount = assertWholeRupees(body.amount, 'amount')
  const planRaw = body.membership_plan_id
  let purpose: OrderPurpose
  let planId: number | null = null
  // The row lock serializes one user's order requests, so two tabs cannot open two orders.
  const user = await lockUser(tx, ctx.engine, userId)
  if (planRaw === null || planRaw === undefined || planRaw === '') {
    purpose = 'platform_fee'
    if (user.platform_fee_paid) {
      throw conflict('FEE_ALREADY_PAID', 'You have already paid the platform fee.')
    }
    if (amount !== ctx.rules.platformFeeRupees) {
      throw badRequest('AMOUNT_MISMATCH', `The platform fee is ₹${ctx.rules.platformFeeRupees}.`)
    }
  } else {
    purpose = 'membership'
    planId = Number(planRaw)
    const plan = Number.isInteger(planId)
      ? await tx
          .selectFrom('membership_plans')
          .selectAll()
          .where('id', '=', planId)
          .executeTakeFirst()
      : undefined
    // A plan hidden by an operator (migration 006) takes no new deposits.
    if (!plan || !plan.active)
      throw badRequest('PLAN_NOT_FOUND', 'This membership plan does not exist.')
    if (plan.deposit_point.toUpperCase() === 'FREE') {
      throw badRequest('FREE_PLAN', 'The free plan needs no payment.')
    }
    if (Number(plan.deposit_point) !== amount) {
      throw badRequest('AMOUNT_MISMATCH', `This plan's deposit is ₹${plan.deposit_point}.`)
    }
  }
  const now = ctx.now()
  const at = now.toISOString()
  const open = await tx
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', at)
    .orderBy('id')
    .execute()
  const same = open.find(
    (o) => o.purpose === purpose && o.membership_plan_id === planId && o.amount === amount,
  )
  if (same) {
    return {
      ...orderView(same, now),
      payment_session_id: same.order_id,
      link_url: paymentLink(same),
      reused: true,
    }
  }
  if (open.length >= MAX_OPEN_ORDERS) {
    throw conflict(
      'TOO_MANY_OPEN_ORDERS',
      `You have ${open.length} payments waiting. Pay or let one expire (after 24 hours) before starting another.`,
      { open_orders: open.map((o) => o.order_id) },
    )
  }
  const row = {
    order_id: newOrderId(),
    user_id: userId,
    amount,
    purpose,
    membership_plan_id: planId,
    status: 'pending' as const,
    upi_reference: null,
    reason: null,
    idempotency_key: idempotencyKey,
    created_at: at,
    updated_at: at,
    expires_at: new Date(now.getTime() + ORDER_TTL_MS).toISOString(),
    utr: null,
    utr_submitted_at: null,
  }
  await tx.insertInto('orders').values(row).execute()
  return {
    ...orderView(row, now),
    payment_session_id: row.order_id,
    link_url: paymentLink(row),
    reused: false,
  }
}

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
  const order = await (ctx.engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
  if (!order) throw notFound('ORDER_NOT_FOUND', `No order ${orderId}.`)
  return order
}

/** What confirming or rejecting did. */
export interface OrderOutcome {
  order_id: string
  status: 'confirmed' | 'rejected'
  purpose: OrderPurpose
  user_id: number
  /** True when the order was already in this state with the same reference (nothing changed). */
  unchanged: boolean
}

/**
 * Confirms a pending order in one transaction: applies the plan (`users.membership_plan_id`) or
 * sets `platform_fee_paid`, and writes an informational ledger row (coins 0, rupees paid, the
 * UPI reference). Confirming again with the same reference changes nothing. An order past its
 * 24 hours can still be confirmed: the money arrived.
 *
 * The UTR (DECISIONS §4): when the user entered one, `upiReference` must be that UTR (what the
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
    const utr = UTR_PATTERN.test(reference) ? reference : options.fromProvider ? null : order.utr
    const now = ctx.now()
    await lockUser(tx, ctx.engine, order.user_id)
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
