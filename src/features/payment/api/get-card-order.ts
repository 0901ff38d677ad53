/** `GET /card-orders/{order_id}/` (public): the card provider's record of a test-page order. */
import { api } from '@/lib/api-client'

/** A card order as the provider reports it; `amount` in rupees (paise allowed). */
export interface CardOrder {
  order_id: string
  amount: number
  status: 'confirmed' | 'pending' | 'expired' | 'rejected'
  method: 'Card'
}

/** Fetches the card order; throws the client's HTTPError (404 when no provider knows it). */
export async function getCardOrder(orderId: string): Promise<CardOrder> {
  const body = await api
    .get(`card-orders/${encodeURIComponent(orderId)}/`)
    .json<{ data: CardOrder }>()
  return body.data
}
