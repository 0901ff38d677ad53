/**
 * What the withdrawals still in the outbox take from the balance (docs/product.md#rules, #deviations): a queued
 * withdrawal has not reached the server, so the balance the phone knows still counts its coins;
 * the withdraw form offers only what is left after them, and the wallet says so. Refused items
 * (state `failed`) hold nothing: the server never debited them.
 */
import type { OutboxItem } from './outbox-types'

/** The outbox kind name of a withdrawal (src/features/withdraw/lib/withdrawal-requests.ts). */
export const WITHDRAWAL_KIND = 'withdrawal'

/** The pending withdrawal items, oldest first. */
export function queuedWithdrawals(items: readonly OutboxItem[]): OutboxItem[] {
  return items.filter((i) => i.kind === WITHDRAWAL_KIND && i.state === 'pending')
}

/**
 * The whole rupees the pending withdrawals will take: each item's payout (`body.amount`, fee
 * excluded) plus the transfer fee `feeRupees` the server adds.
 */
export function queuedWithdrawalRupees(items: readonly OutboxItem[], feeRupees: number): number {
  return queuedWithdrawals(items).reduce((sum, item) => {
    const payout = Number(item.body.amount)
    return sum + (Number.isFinite(payout) && payout > 0 ? payout + feeRupees : 0)
  }, 0)
}
