/**
 * `GET /payment-result/?order_id=` (docs/product.md#transparency): what a result page shows — the signed-in user's
 * order, else the card provider's record of a test-page order, else null (unknown or another
 * user's order: an answer, not an error).
 */
import { api } from '@/lib/api-client'
import type { PaymentResultOrder } from '@contract/api/orders'

export type { PaymentResultOrder }

/** Fetches the record of `orderId`; null when the server knows no such order for this visitor. */
export async function getPaymentResult(orderId: string): Promise<PaymentResultOrder | null> {
  const body = await api
    .get('payment-result/', { searchParams: { order_id: orderId } })
    .json<{ data: PaymentResultOrder | null }>()
  return body.data
}
