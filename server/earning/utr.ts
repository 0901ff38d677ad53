/**
 * The user's UPI transaction reference (UTR) on an order (docs/product.md#transparency): after paying
 * from a UPI app the user enters the 12-digit UTR; it is stored on the order, unique across all
 * orders, and the operator confirms the order only with that same UTR (bank statement).
 */
import { isUniqueViolation } from '../db/index.ts'
import { badRequest, conflict, notFound } from '../lib/errors.ts'
import { checkUtr, normalizeUtr } from '../../contract/utr.ts'
import type { AppContext } from '../context.ts'
import { orderView } from './order-view.ts'
import type { Order } from '../../contract/api/orders.ts'

/**
 * Stores `utr` (12 digits; spaces and dashes dropped) on the order `orderId` of `userId`, in one
 * transaction, and returns the order. The same UTR again changes nothing; while the order is
 * pending a different UTR replaces a mistyped one. A pending order past its 24 hours still takes a
 * UTR (the user may have paid in time); it then reads 'pending' again, for the operator to check.
 * Throws 400 VALIDATION (not 12 digits), 404 ORDER_NOT_FOUND (unknown or another user's order),
 * 409 ORDER_NOT_OPEN (confirmed, rejected or cancelled), 409 UTR_ALREADY_USED (another order has it).
 */
export async function submitUtr(
  ctx: AppContext,
  userId: number,
  orderId: string,
  utr: unknown,
): Promise<Order> {
  const raw = typeof utr === 'string' ? utr : typeof utr === 'number' ? String(utr) : ''
  const error = checkUtr(raw)
  if (error) throw badRequest('VALIDATION', error)
  const value = normalizeUtr(raw)
  return ctx.db.transaction().execute(async (tx) => {
    const query = tx
      .selectFrom('orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('user_id', '=', userId)
    const order = await ctx.dialect.lockForUpdate(query).executeTakeFirst()
    if (!order) throw notFound('ORDER_NOT_FOUND', 'We could not find this payment.')
    const now = ctx.now()
    if (order.utr === value) return orderView(order, now)
    if (order.status !== 'pending') {
      throw conflict(
        'ORDER_NOT_OPEN',
        order.status === 'confirmed'
          ? 'This payment is already confirmed.'
          : 'This order is closed. Start a new payment.',
      )
    }
    const taken = await tx
      .selectFrom('orders')
      .select('id')
      .where('utr', '=', value)
      .executeTakeFirst()
    if (taken) throw utrTaken()
    const at = now.toISOString()
    try {
      await tx
        .updateTable('orders')
        .set({ utr: value, utr_submitted_at: at, updated_at: at })
        .where('id', '=', order.id)
        .execute()
    } catch (e) {
      if (isUniqueViolation(e)) throw utrTaken()
      throw e
    }
    return orderView({ ...order, utr: value }, now)
  })
}

function utrTaken() {
  return conflict(
    'UTR_ALREADY_USED',
    'This UPI reference is already on another payment. Check the number in your UPI app.',
  )
}
