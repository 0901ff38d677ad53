/**
 * A status as a small coloured chip ("PAID", "PENDING"): one look for every stored status of the
 * ledger, withdrawals, orders and the outbox (docs/product.md#transparency). Green for done, amber for waiting,
 * red for failed; an unknown status shows its own name on the neutral colour.
 */
import { msg, t } from '@/i18n/i18n'

/** What each stored status reads as (the ledger's, the withdrawals' and the orders'). */
const STATUS_WORDS: Record<string, string> = {
  pending: msg('pending'),
  confirmed: msg('confirmed'),
  failed: msg('failed'),
  requested: msg('requested'),
  // A withdrawal an operator is reviewing (docs/product.md#scale); its payout deadline is unchanged.
  held: msg('under review'),
  paid: msg('paid'),
  rejected: msg('rejected'),
  refused: msg('refused'),
  expired: msg('expired'),
  cancelled: msg('closed'),
  queued: msg('waiting'),
}

/** The chip's colour for a status. */
export type StatusTone = 'ok' | 'wait' | 'bad' | 'neutral'

const TONES: Record<string, StatusTone> = {
  confirmed: 'ok',
  paid: 'ok',
  pending: 'wait',
  requested: 'wait',
  held: 'wait',
  queued: 'wait',
  failed: 'bad',
  rejected: 'bad',
  refused: 'bad',
  expired: 'bad',
}

export function statusTone(status: string): StatusTone {
  return TONES[status] ?? 'neutral'
}

export function StatusChip({ status }: { status: string }) {
  const word = STATUS_WORDS[status]
  return (
    <span className={`status-chip status-chip-${statusTone(status)}`} data-status={status}>
      {word ? t(word) : status}
    </span>
  )
}
