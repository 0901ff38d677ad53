/**
 * How an order reads to its owner, the payment pages and the operator (docs/product.md#transparency): the stored
 * row with the status a person should see. A pending order with no UTR entered that is past its
 * `expires_at` reads 'expired'; with a UTR it stays 'pending' (waiting for the operator's check).
 */
import type { Db } from '../db/index.ts'
import type { OrdersTable } from '../db/schema/earning.ts'
import type { Order, OrderStatus } from '../../contract/api/orders.ts'
import { notFound } from '../lib/errors.ts'

type OrderRow = Pick<
  OrdersTable,
  | 'order_id'
  | 'amount'
  | 'status'
  | 'purpose'
  | 'membership_plan_id'
  | 'upi_reference'
  | 'utr'
  | 'created_at'
  | 'expires_at'
>

/** The status a person sees at `now`: 'expired' for an open order past its time with no UTR. */
export function visibleStatus(
  order: Pick<OrdersTable, 'status' | 'utr' | 'expires_at'>,
  now: Date,
): OrderStatus {
  if (
    order.status === 'pending' &&
    !order.utr &&
    order.expires_at !== null &&
    order.expires_at <= now.toISOString()
  )
    return 'expired'
  return order.status
}

/** What a person sees of a stored order at `now` (the contract's `Order`: whole rupees, ISO times). */
export function orderView(order: OrderRow, now: Date): Order {
  return {
    order_id: order.order_id,
    amount: Number(order.amount),
    status: visibleStatus(order, now),
    purpose: order.purpose,
    membership_plan_id: order.membership_plan_id,
    upi_reference: order.upi_reference,
    utr: order.utr,
    created_at: order.created_at,
    expires_at: order.expires_at,
  }
}

/**
 * The order `orderId` of `userId` (docs/product.md#security: found through the token's user).
 * Throws 404 ORDER_NOT_FOUND for an unknown order and for another user's order alike.
 */
export async function ownOrder(db: Db, userId: number, orderId: string, now: Date): Promise<Order> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!order) throw notFound('ORDER_NOT_FOUND', 'We could not find this payment.')
  return orderView(order, now)
}
