/**
 * What a payment result page may show (docs/product.md#transparency): the server's record of the order
 * named in its address — the signed-in user's own order, else the card provider's record of a
 * test-page order — or nothing. "Nothing" is an answer, not an error: an unknown or foreign order
 * reads `null`, so the page shows its neutral text and the browser logs no failed request.
 */
import type { AppConfig } from '../config.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../lib/errors.ts'
import { fetchCardOrder } from './card-payments.ts'
import { ownOrder } from './order-view.ts'
import type { PaymentResultOrder } from '../../contract/api/orders.ts'

/**
 * The record of `orderId` for `userId` (null for a guest) at `now`: the user's own order, else the
 * card provider's order, else null. Throws 502 CARD_PROVIDER_ERROR when the provider cannot be
 * reached.
 */
export async function paymentResult(
  config: AppConfig,
  db: Db,
  userId: number | null,
  orderId: string,
  now: Date,
): Promise<PaymentResultOrder | null> {
  const id = orderId.trim().slice(0, 64)
  if (!id) return null
  if (userId !== null) {
    try {
      const order = await ownOrder(db, userId, id, now)
      return {
        order_id: order.order_id,
        amount: order.amount,
        status: order.status,
        method: 'UPI',
        upi_reference: order.upi_reference,
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 404) throw error
    }
  }
  try {
    const card = await fetchCardOrder(config, id)
    return { ...card, upi_reference: null }
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return null
    throw error
  }
}
