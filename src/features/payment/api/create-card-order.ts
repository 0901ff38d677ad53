/**
 * `POST /create-order/`, the card test-page variant (docs/product.md#api, earning contract): the five fields
 * posted form-encoded with an `X-CSRF-Token` header. With a card provider configured the server
 * answers `{cftoken, order_id}`; without one, 501 `CARD_PROVIDER_NOT_CONFIGURED`.
 */
import { api } from '@/lib/api-client'
import type { CardOrderFields, CardOrderCreated as CardOrderResponse } from '@contract/api/orders'

export type { CardOrderFields, CardOrderResponse }

/** Posts the order as application/x-www-form-urlencoded; throws the client's HTTPError on failure. */
export async function createCardOrder(
  fields: CardOrderFields,
  csrfToken: string,
): Promise<CardOrderResponse> {
  const body = new URLSearchParams({ ...fields })
  return api
    .post('create-order/', { body, headers: { 'X-CSRF-Token': csrfToken } })
    .json<CardOrderResponse>()
}
