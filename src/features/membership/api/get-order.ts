/** `GET /orders/:id`: an order's status, polled by /m-payment until an operator confirms it. */
import { api } from '@/lib/api-client'

export interface OrderStatus {
  order_id: string
  amount: number
  status: 'pending' | 'confirmed' | 'rejected'
  purpose: 'membership' | 'platform_fee'
  membership_plan_id: number | null
  upi_reference: string | null
}

/** Fetches one order of the signed-in user; throws on failure. */
export async function getOrder(orderId: string): Promise<OrderStatus> {
  const body = await api.get(`orders/${encodeURIComponent(orderId)}`).json<{ data: OrderStatus }>()
  return body.data
}
