/**
 * `POST add-withdraw/` (docs/product.md#api, #deviations). To a known payee through the outbox: stored with its
 * idempotency key before the first send, so a dropped connection never loses the request or
 * debits twice, and sent later when offline. To a new payee, with the PIN, straight to the server
 * and never stored: the PIN stays off the phone's disk, and the request needs the connection.
 */
import { api, readApiError } from '@/lib/api-client'
import { enqueueOutbox, type EnqueueResult } from '@/lib/outbox/outbox'
import type { OutboxError } from '@/lib/outbox/outbox-types'
import { WITHDRAWAL_REQUESTS } from '../lib/withdrawal-requests'

/** Queues and sends a withdrawal of `amount` whole rupees (the payout, fee excluded) to `upiId`. */
export function addWithdraw(upiId: string, amount: number): Promise<EnqueueResult> {
  return enqueueOutbox(WITHDRAWAL_REQUESTS, { upi_id: upiId, amount })
}

/** What a withdrawal sent with the PIN came to; `unsent`: no answer (offline, timeout). */
export type PinWithdrawalResult =
  { kind: 'done' } | { kind: 'final'; error: OutboxError } | { kind: 'unsent' }

/**
 * Sends a withdrawal of `amount` whole rupees (the payout) to the new payee `upiId` with the
 * account's 4-digit `pin`, under `key` (the caller keeps it while the user may retry the same
 * request, so a retry after a lost answer never debits twice). Never throws: a refusal comes back
 * as `final` with the server's `{message, code}` (in the user's language) and extra fields.
 */
export async function addWithdrawWithPin(
  upiId: string,
  amount: number,
  pin: string,
  key: string,
): Promise<PinWithdrawalResult> {
  try {
    await api.post('add-withdraw/', {
      json: { upi_id: upiId, amount, pin },
      headers: { 'Idempotency-Key': key },
    })
    return { kind: 'done' }
  } catch (error) {
    const refusal = await readApiError(error)
    if (!refusal) return { kind: 'unsent' }
    const { message, code, status, ...extra } = refusal
    return { kind: 'final', error: { status, code, message, extra } }
  }
}
