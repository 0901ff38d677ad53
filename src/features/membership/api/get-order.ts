/** `GET /orders/:id`: an order of the signed-in user, read by /m-payment and polled until it is settled. */
import { api } from '@/lib/api-client'
import type { Order as OrderStatus } from '@contract/api/orders'

export type { OrderStatus }

/** Fetches one order of the signed-in user; throws on failure (HTTPError 404 for an unknown one). */
export async function getOrder(orderId: string): Promise<OrderStatus> {
  const body = await api.get(`orders/${encodeURIComponent(orderId)}`).json<{ data: OrderStatus }>()
  return body.data
}
