/** `POST /orders/{id}/utr/` (docs/product.md#transparency): the 12-digit UPI reference the user paid with. */
import { api } from '@/lib/api-client'
import type { OrderStatus } from './get-order'

/**
 * Stores `utr` on the user's order and returns the order. Throws the client's HTTPError on a
 * refusal: 400 VALIDATION, 404 ORDER_NOT_FOUND, 409 UTR_ALREADY_USED or ORDER_NOT_OPEN.
 */
export async function submitUtr(orderId: string, utr: string): Promise<OrderStatus> {
  const body = await api
    .post(`orders/${encodeURIComponent(orderId)}/utr/`, { json: { utr } })
    .json<{ data: OrderStatus }>()
  return body.data
}
