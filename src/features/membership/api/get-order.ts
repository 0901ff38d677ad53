/** `GET /orders/:id`: an order of the signed-in user, read by /m-payment and polled until it is settled. */
import { api } from '@/lib/api-client'

/**
 * An order as the server shows it; `amount` in whole rupees. 'expired': open past its 24 hours
 * with no UTR entered; 'cancelled': the fee was paid by another order.
 */
export interface OrderStatus {
  order_id: string
  amount: number
  status: 'pending' | 'confirmed' | 'rejected' | 'cancelled' | 'expired'
  purpose: 'membership' | 'platform_fee'
  membership_plan_id: number | null
  upi_reference: string | null
  /** The 12-digit UPI reference the user entered, if any. */
  utr?: string | null
}

/** Fetches one order of the signed-in user; throws on failure (HTTPError 404 for an unknown one). */
export async function getOrder(orderId: string): Promise<OrderStatus> {
  const body = await api.get(`orders/${encodeURIComponent(orderId)}`).json<{ data: OrderStatus }>()
  return body.data
}
