/** `GET /orders/{order_id}` (earning contract, auth): one order of the signed-in user. */
import { api } from '@/lib/api-client'

/**
 * An order as the server keeps it; `amount` is whole rupees. `status` 'expired': open past its
 * 24 hours with no UTR entered; 'cancelled': closed because the fee was paid by another order.
 */
export interface Order {
  order_id: string
  amount: number
  status: 'pending' | 'confirmed' | 'rejected' | 'cancelled' | 'expired'
  purpose: string
  membership_plan_id: number | null
  upi_reference: string | null
  utr?: string | null
}

/** Fetches the order; throws the client's HTTPError (404 for an unknown or foreign order). */
export async function getOrder(orderId: string): Promise<Order> {
  const body = await api.get(`orders/${encodeURIComponent(orderId)}`).json<{ data: Order }>()
  return body.data
}
