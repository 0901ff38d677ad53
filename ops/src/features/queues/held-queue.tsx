/**
 * Withdrawals held for review (docs/product.md#scale), by due date (overdue first): the user, the amount,
 * why the risk rules held it and the accounts they link. An operator approves one (it joins the
 * payout queue, its due date as promised) or rejects it (the coins return, or are forfeited when
 * the terms were broken), each with a reason and after a confirmation of what it changes.
 */
import { useContext, useEffect, useState } from 'react'
import type { PageOf } from '../../lib/api.ts'
import { usePaged } from '../../lib/use-paged.ts'
import {
  CoinsPerRupee,
  UserCell,
  coins,
  coinsInRupees,
  exactTime,
  money,
  rupees,
  signed,
} from '../../lib/format.tsx'
import type { Summary } from '../../components/confirm-dialog.tsx'
import { QueueScreen } from '../../components/queue-screen.tsx'
import type { Column } from '../../components/queue-table.tsx'
import { ActionsPanel } from '../../components/action-form.tsx'
import { useDecide } from '../../components/use-decide.ts'
import { Findings, type LookUp } from './review.tsx'
import {
  DUE_COLUMN,
  UPI_COLUMN,
  withdrawalDetail,
  withdrawalRowAttributes,
} from './withdrawal-detail.tsx'
import type { WithdrawalQueueRow as WithdrawalRow } from '../../../../contract/api/ops.ts'

/** What deciding on held withdrawal `w` changes: approve, or reject (coins back or forfeited). */
function reviewSummary(
  w: WithdrawalRow,
  change: { approve: true; reason: string } | { approve: false; reason: string; forfeit: boolean },
  coinsPerRupee: number,
): Summary {
  const send = {
    label: 'Send',
    text: `${rupees(w.amount)} to ${w.upi_id} (fee ${rupees(w.fee)})`,
  }
  if (change.approve) {
    return {
      title: `Approve withdrawal #${w.id}?`,
      who: `${w.first_name} (${w.email}), user #${w.user_id}`,
      lines: [
        send,
        { label: 'Status', before: 'held', after: 'requested (payout queue)' },
        { label: 'Coins', text: `${coins(w.coins)} stay held until it is paid` },
        { label: 'Due', text: `${exactTime(w.due_at)}, unchanged` },
        { label: 'Reason', text: change.reason },
      ],
      accept: 'Approve to payout queue',
    }
  }
  return {
    title: `Reject withdrawal #${w.id}?`,
    who: `${w.first_name} (${w.email}), user #${w.user_id}`,
    lines: [
      send,
      { label: 'Status', before: 'held', after: 'rejected' },
      change.forfeit
        ? { label: 'Coins', before: `${coins(w.coins)} held`, after: 'forfeited (terms broken)' }
        : {
            label: 'Coins',
            before: `${coins(w.coins)} held`,
            after: `returned to balance (${coinsInRupees(w.coins, coinsPerRupee)})`,
          },
      change.forfeit
        ? { label: 'Balance', text: `${money(w.points, coinsPerRupee)}, unchanged` }
        : {
            label: 'Balance',
            before: money(w.points, coinsPerRupee),
            after: `${money(w.points + w.coins, coinsPerRupee)}, ${signed(w.coins)} coins`,
          },
      { label: 'Reason (the user sees it)', text: change.reason },
    ],
    accept: change.forfeit ? 'Reject and forfeit coins' : 'Reject and return coins',
  }
}

const COLUMNS: Column<WithdrawalRow>[] = [
  { header: '#', cell: (w) => `#${w.id}` },
  { header: 'User', cell: (w) => <UserCell name={w.first_name} email={w.email} id={w.user_id} /> },
  { header: 'Send', cell: (w) => rupees(w.amount), numeric: true },
  UPI_COLUMN,
  DUE_COLUMN,
  { header: 'Why it is held', cell: (w) => <Findings findings={w.review?.findings ?? []} /> },
]

/** The held one's reason (required), the forfeit choice, Approve and Reject. */
function ReviewActions(props: {
  onApprove: (reason: string) => unknown
  onReject: (reason: string, forfeit: boolean) => unknown
}) {
  const [forfeit, setForfeit] = useState(false)
  const why =
    'Give a reason of 3 characters or more: the audit trail keeps it, and a rejected user is shown it.'
  return (
    <ActionsPanel
      decisions={[
        {
          label: 'Reason to approve',
          placeholder: 'e.g. checked: one person, one phone',
          button: 'Approve',
          needs: 'reason',
          why,
          onSubmit: props.onApprove,
        },
        {
          label: 'Reason to reject (the user sees it)',
          placeholder: 'e.g. one of several accounts of one person',
          button: 'Reject',
          needs: 'reason',
          why,
          onSubmit: (reason) => props.onReject(reason, forfeit),
          extra: (
            <label className="check">
              <input
                type="checkbox"
                checked={forfeit}
                onChange={(e) => setForfeit(e.target.checked)}
              />{' '}
              Forfeit the coins (terms broken)
            </label>
          ),
        },
      ]}
    />
  )
}

export function HeldQueue({
  canAct,
  lookUp,
  onPage,
}: {
  canAct: boolean
  /** Opens the user look-up on a linked account's email. */
  lookUp?: LookUp
  /** Told each page loaded, for the count in the tab. */
  onPage?: (page: PageOf<WithdrawalRow>) => void
}) {
  const paged = usePaged<WithdrawalRow>('/withdrawals', { status: 'held' })
  const { page, loaded, error } = paged
  const { notice, dialog, decide } = useDecide(paged.reload)
  const rate = useContext(CoinsPerRupee)
  useEffect(() => {
    if (loaded && !error) onPage?.(page)
  }, [loaded, error, page, onPage])
  const actions = (w: WithdrawalRow) =>
    canAct ? (
      <ReviewActions
        key={w.id}
        onApprove={(reason) =>
          decide(
            reviewSummary(w, { approve: true, reason }, rate),
            `/withdrawals/${w.id}/approve`,
            { reason },
            `Withdrawal ${w.id} approved: it is in the payout queue.`,
          )
        }
        onReject={(reason, forfeit) =>
          decide(
            reviewSummary(w, { approve: false, reason, forfeit }, rate),
            `/withdrawals/${w.id}/reject`,
            { reason, forfeit },
            forfeit
              ? `Withdrawal ${w.id} rejected; the coins are forfeited.`
              : `Withdrawal ${w.id} rejected; the coins went back.`,
          )
        }
      />
    ) : null
  return (
    <QueueScreen
      id="held"
      title="Held for review"
      lead={
        <p className="muted lead">
          Withdrawals the risk rules held instead of sending them to the payout queue. The user sees
          “under review” with the promised date; approve or reject before it.
        </p>
      }
      paged={paged}
      notice={notice}
      columns={COLUMNS}
      rowKey={(w) => String(w.id)}
      rowAttributes={withdrawalRowAttributes}
      openLabel={(w) => `Withdrawal #${w.id}`}
      emptyText="Nothing held for review"
      detail={(w) => withdrawalDetail(w, lookUp)}
      actions={actions}
      dialog={dialog}
    />
  )
}
