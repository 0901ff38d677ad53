/**
 * A withdrawal's detail panel fields: every field of the row and, when it was held for review,
 * why (the rules that fired, the linked accounts) and the operator's decision (who, when, why,
 * the coins).
 */
import { CoinsText, StatusChip, coins, exactTime, rupees } from './format.tsx'
import { Findings, LinkedAccounts } from './review.tsx'
import type { Detail } from './detail-panel.tsx'
import type { WithdrawalQueueRow as WithdrawalRow } from '../../contract/api/ops.ts'
import type { HoldReview } from '../../contract/api/risk.ts'

/** Why `review`'s withdrawal was held and what an operator decided, as detail panel fields. */
function reviewFields(review: HoldReview): Detail['fields'] {
  const fields: Detail['fields'] = [
    ['Held for review', exactTime(review.held_at)],
    [
      'Why held',
      <div key="why" className="why">
        <Findings findings={review.findings} />
        <LinkedAccounts findings={review.findings} />
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

/** Every field of withdrawal `w` (and its review, if it was held), for its detail panel. */
export function withdrawalDetail(w: WithdrawalRow): Detail {
  return {
    title: `Withdrawal #${w.id}`,
    entity: 'withdrawals',
    entityId: String(w.id),
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
      ...(w.review ? reviewFields(w.review) : []),
    ],
  }
}

/** A queue row's "#id" cell: opens the withdrawal's detail (every field and the audit trail). */
export function WithdrawalIdButton({
  w,
  onOpen,
}: {
  w: WithdrawalRow
  onOpen: (detail: Detail) => void
}) {
  return (
    <button
      type="button"
      className="link"
      aria-label={`Withdrawal #${w.id}`}
      title="Every field and the audit trail"
      onClick={() => onOpen(withdrawalDetail(w))}
    >
      #{w.id}
    </button>
  )
}
