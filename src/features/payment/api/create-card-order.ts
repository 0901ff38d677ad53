/**
 * `POST /create-order/`, the card test-page variant (SPEC §7, earning contract): the five fields
 * posted form-encoded with an `X-CSRF-Token` header. With a card provider configured the server
 * answers `{cftoken, order_id}`; without one, 501 `CARD_PROVIDER_NOT_CONFIGURED`.
 */
import { api } from '@/lib/api-client'

/** The test form's fields (SPEC §2), all required; `order_amount` is rupees as typed. */
export interface CardOrderFields {
  order_id: string
  order_amount: string
  customer_name: string
  customer_email: string
  customer_phone: string
}

export interface CardOrderResponse {
  /** The provider's payment session token that starts its checkout (SPEC §3). */
  cftoken: string
  order_id: string
}

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
