/**
 * Opening orders for a membership plan or the platform fee (docs/product.md#screens, #flows, #transparency, #operators). An
 * order stays pending until an operator (`npm run ops`) or the provider's signed webhook confirms
 * it (order-settlement.ts). Amounts are whole rupees.
 *
 * One open order per purpose and amount (docs/product.md#transparency): creating an order while the user has an
 * open one for the same purpose, plan and amount returns that order (same id, same QR). An order is
 * open while pending and younger than ORDER_TTL_MS; after that it reads as 'expired'. A user has at
 * most MAX_OPEN_ORDERS open orders.
 */
import crypto from 'node:crypto'
import type { Tx } from '../db/index.ts'
import type { OrderPurpose } from '../db/schema/earning.ts'
import { badRequest, conflict } from '../lib/errors.ts'
import type { AppContext, ReplayNote } from '../context.ts'
import { assertWholeRupees } from './ledger.ts'
import { orderView } from './order-view.ts'
import { runIdempotent, type StoredResponse } from './idempotency.ts'
import type { ErrorBody } from '../../contract/api/common.ts'
import type { CreatedOrder } from '../../contract/api/orders.ts'

/** How long an order stays open (reused, payable): 24 hours, in ms (docs/product.md#transparency). */
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
  const user = await ctx.dialect.lockUser(tx, userId)
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

/**
 * `POST /create-order/` (JSON): `createOrder` in a transaction of its own, and with an
 * Idempotency-Key once per key (docs/product.md#api): in `runIdempotent`'s transaction, its answer
 * stored with the key. Resolves 200 `{ data: CreatedOrder }`, or with a key a refusal stored as
 * its answer, or on a replay the first answer (marked on `note`). Without a key, throws
 * `createOrder`'s refusals; with one, 422 IDEMPOTENCY_KEY_REUSED and 409 IDEMPOTENCY_IN_FLIGHT.
 */
export async function createOrderOnce(
  ctx: AppContext,
  request: {
    userId: number
    /** The key as stored (`client:KEY`), or null when the request has none. */
    key: string | null
    body: { amount?: unknown; membership_plan_id?: unknown }
    note?: ReplayNote | null
  },
): Promise<StoredResponse<{ data: CreatedOrder } | ErrorBody>> {
  const { userId, key, body, note } = request
  const create = async (tx: Tx) => ({
    status: 200,
    body: { data: await createOrder(ctx, tx, userId, body, key) },
  })
  if (!key) return ctx.db.transaction().execute(create)
  return runIdempotent(ctx, { userId, key, route: 'create-order', body, note }, create)
}
