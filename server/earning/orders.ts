/**
 * Orders for a membership plan or the platform fee (SPEC §2, §4; DECISIONS §8). An order stays
 * pending until an operator (`npm run ops`) or the provider's signed webhook confirms it; then
 * the plan applies or `platform_fee_paid` turns on, with an informational ledger row (coins 0,
 * rupees paid). Amounts are whole rupees.
 */
import crypto from 'node:crypto'
import type { Tx } from '../db/index.ts'
import type { OrderPurpose } from '../db/schema/earning.ts'
import { badRequest, conflict, notFound } from '../lib/errors.ts'
import type { EarningContext } from './context.ts'
import { assertWholeRupees, lockUser, postLedgerEntry } from './ledger.ts'

/** The answer of `POST /create-order/`. */
export interface CreatedOrder {
  order_id: string
  amount: number
  membership_plan_id: number | null
  purpose: OrderPurpose
  status: 'pending'
  payment_session_id: string
  link_url: string
}

/** A new public order id: 'WE' + 16 hex digits (also the UPI `tr` reference). */
export function newOrderId(): string {
  return `WE${crypto.randomBytes(8).toString('hex').toUpperCase()}`
}

/** The PWA page where the order is paid by UPI. */
export function paymentLink(order: {
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
 * Creates a pending order in `tx`. `membership_plan_id` null means the platform fee.
 * Throws 400 VALIDATION, 400 PLAN_NOT_FOUND, 400 FREE_PLAN, 400 AMOUNT_MISMATCH,
 * 409 FEE_ALREADY_PAID.
 */
export async function createOrder(
  ctx: EarningContext,
  tx: Tx,
  userId: number,
  body: { amount?: unknown; membership_plan_id?: unknown },
  idempotencyKey: string | null,
): Promise<CreatedOrder> {
  const amount = assertWholeRupees(body.amount, 'amount')
  const planRaw = body.membership_plan_id
  let purpose: OrderPurpose
  let planId: number | null = null
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
    if (!plan) throw badRequest('PLAN_NOT_FOUND', 'This membership plan does not exist.')
    if (plan.deposit_point.toUpperCase() === 'FREE') {
      throw badRequest('FREE_PLAN', 'The free plan needs no payment.')
    }
    if (Number(plan.deposit_point) !== amount) {
      throw badRequest('AMOUNT_MISMATCH', `This plan's deposit is ₹${plan.deposit_point}.`)
    }
  }
  const at = ctx.now().toISOString()
  const orderId = newOrderId()
  await tx
    .insertInto('orders')
    .values({
      order_id: orderId,
      user_id: userId,
      amount,
      purpose,
      membership_plan_id: planId,
      status: 'pending',
      upi_reference: null,
      reason: null,
      idempotency_key: idempotencyKey,
      created_at: at,
      updated_at: at,
    })
    .execute()
  const created = { order_id: orderId, amount, membership_plan_id: planId, purpose }
  return {
    ...created,
    status: 'pending',
    payment_session_id: orderId,
    link_url: paymentLink(created),
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

async function lockOrder(ctx: EarningContext, tx: Tx, orderId: string) {
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
 * UPI reference). Confirming again with the same reference changes nothing.
 * Throws 404 ORDER_NOT_FOUND, 409 ORDER_ALREADY_CONFIRMED (other reference), 409 ORDER_REJECTED.
 */
export async function confirmOrder(
  ctx: EarningContext,
  orderId: string,
  upiReference: unknown,
): Promise<OrderOutcome> {
  const reference = checkUpiReference(upiReference)
  return ctx.db.transaction().execute(async (tx) => {
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
    const now = ctx.now()
    await lockUser(tx, ctx.engine, order.user_id)
    await tx
      .updateTable('orders')
      .set({ status: 'confirmed', upi_reference: reference, updated_at: now.toISOString() })
      .where('id', '=', order.id)
      .execute()
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
}

/**
 * Rejects a pending order (the payment never arrived); nothing else changes.
 * Throws 404 ORDER_NOT_FOUND, 409 ORDER_ALREADY_CONFIRMED.
 */
export async function rejectOrder(
  ctx: EarningContext,
  orderId: string,
  reason?: string,
): Promise<OrderOutcome> {
  return ctx.db.transaction().execute(async (tx) => {
    const order = await lockOrder(ctx, tx, orderId)
    const outcome = { order_id: order.order_id, purpose: order.purpose, user_id: order.user_id }
    if (order.status === 'rejected') return { ...outcome, status: 'rejected', unchanged: true }
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
}
