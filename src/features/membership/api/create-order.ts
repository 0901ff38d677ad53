/** `POST /create-order/` (SPEC §7): an order for a plan deposit or the platform fee, pending until paid. */
import { api } from '@/lib/api-client'

/** An order as the server answers it; `amount` in whole rupees. */
export interface Order {
  order_id: string
  amount: number
  membership_plan_id: number | null
  purpose: 'membership' | 'platform_fee'
  status: 'pending' | 'confirmed' | 'rejected'
  payment_session_id?: string
  link_url?: string
}

/**
 * Creates an order of `amount` rupees for a plan (`membershipPlanId`) or the platform fee (null).
 * The same `idempotencyKey` returns the same order. Throws ky's HTTPError on a refusal (AMOUNT_MISMATCH, FEE_ALREADY_PAID…) or a network error.
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
