/** `POST /create-order/` (docs/product.md#api): an order for a plan deposit or the platform fee, pending until paid. */
import { api } from '@/lib/api-client'
import type { CreatedOrder as Order } from '@contract/api/orders'

export type { Order }

/**
 * Creates an order of `amount` rupees for a plan (`membershipPlanId`) or the platform fee (null),
 * or gets back the user's open order for the same payment (docs/product.md#transparency: one open order per
 * purpose and amount). The same `idempotencyKey` returns the same order. Throws ky's HTTPError on a refusal (AMOUNT_MISMATCH, FEE_ALREADY_PAID,
 * TOO_MANY_OPEN_ORDERS…) or a network error.
 */
export async function createOrder(
  amount: number,
  membershipPlanId: number | null,
  idempotencyKey: string = crypto.randomUUID(),
): Promise<Order> {
  const body = await api
    .post('create-order/', {
      json: { amount, membership_plan_id: membershipPlanId },
      headers: { 'Idempotency-Key': idempotencyKey },
    })
    .json<{ data: Order }>()
  return body.data
}
