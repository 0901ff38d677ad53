/**
 * What the withdrawal queues share: the detail's fields (every field of the row and, when it was
 * held for review, why: the rules that fired, the linked accounts; and the operator's decision),
 * the due-date and UPI ID columns and a row's attributes.
 */
import { CoinsText, StatusChip, When, coins, exactTime, rupees } from '../../lib/format.tsx'
import type { Column } from '../../components/queue-table.tsx'
import { Findings, LinkedAccounts, type LookUp } from './review.tsx'
import type { Detail } from '../../components/detail-panel.tsx'
import type { WithdrawalQueueRow as WithdrawalRow } from '../../../../contract/api/ops.ts'
import type { HoldReview } from '../../../../contract/api/risk.ts'

/** Why `review`'s withdrawal was held and what an operator decided, as detail panel fields. */
function reviewFields(review: HoldReview, lookUp?: LookUp): Detail['fields'] {
  const fields: Detail['fields'] = [
    ['Held for review', exactTime(review.held_at)],
    [
      'Why held',
      <div key="why" className="why">
        <Findings findings={review.findings} />
        <LinkedAccounts findings={review.findings} lookUp={lookUp} />
      </div>,
    ],
  ]
  if (!review.decision) return [...fields, ['Review', 'Waiting for an operator']]
  return [
    ...fields,
    ['Review', <StatusChip key="r" status={review.decision} />],
    ['Reviewed by', review.operator ?? '—'],
    ['Reviewed', exactTime(review.decided_at)],
    ['Review reason', review.note ?? '—'],
    ...(review.decision === 'rejected'
      ? ([
          [
            'Coins',
            review.coins_returned
              ? `${coins(review.coins_returned)} returned to the balance`
              : 'Forfeited (terms broken)',
          ],
        ] satisfies Detail['fields'])
      : []),
  ]
}

/**
 * Every field of withdrawal `w` (and its review, if it was held), for its detail; a linked
 * account opens the user look-up through `lookUp`.
 */
export function withdrawalDetail(w: WithdrawalRow, lookUp?: LookUp): Detail {
  return {
    title: `Withdrawal #${w.id}`,
    entity: 'withdrawals',
    entityId: String(w.id),
    version: w.status,
    fields: [
      ['User', `${w.first_name} (${w.email}), user #${w.user_id}`],
      ['Balance now', <CoinsText key="b" value={w.points} />],
      ['UPI ID', w.upi_id],
      ['Send', rupees(w.amount)],
      ['Transfer fee', rupees(w.fee)],
      ['Coins held', <CoinsText key="c" value={w.coins} />],
      ['Status', <StatusChip key="s" status={w.status} />],
      ['Payout UTR', w.upi_reference ?? '—'],
      ['Reason', w.reason ?? '—'],
      ['Requested', exactTime(w.created_at)],
      ['Due', `${exactTime(w.due_at)}${w.overdue ? ', overdue' : ''}`],
      ['Withdrawal days', w.withdrawl_days === null ? '—' : String(w.withdrawl_days)],
      ...(w.review ? reviewFields(w.review, lookUp) : []),
    ],
  }
}

/** The due date, marked when overdue. */
export const DUE_COLUMN: Column<WithdrawalRow> = {
  header: 'Due',
  cell: (w) => (
    <>
      <When iso={w.due_at} />
      {w.overdue && <span className="chip chip-error">Overdue</span>}
    </>
  ),
}

/** The UPI ID paid to, cut with an ellipsis when long (whole in its title and the detail). */
export const UPI_COLUMN: Column<WithdrawalRow> = {
  header: 'UPI ID',
  cell: (w) => (
    <span className="clip" title={w.upi_id}>
      {w.upi_id}
    </span>
  ),
  className: 'code',
}

/** A withdrawal row's id for tests and tools, and its overdue mark. */
export const withdrawalRowAttributes = (w: WithdrawalRow) => ({
  'data-withdrawal': String(w.id),
  className: w.overdue ? 'overdue' : undefined,
})
