/**
 * `POST add-withdraw/` through the outbox (DECISIONS §6, §9): stored with its idempotency key before
 * the first send, so a dropped connection never loses the request or debits twice.
 */
import { enqueueOutbox, type EnqueueResult } from '@/lib/outbox/outbox'
import { WITHDRAWAL_REQUESTS } from '../lib/withdrawal-requests'

/** Queues and sends a withdrawal of `amount` whole rupees (the payout, fee excluded) to `upiId`. */
export function addWithdraw(upiId: string, amount: number): Promise<EnqueueResult> {
  return enqueueOutbox(WITHDRAWAL_REQUESTS, { upi_id: upiId, amount })
}
