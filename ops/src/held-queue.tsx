/**
 * Withdrawals held for review (DECISIONS §8a), by due date (overdue first): the user, the amount,
 * why the risk rules held it and the accounts they link. An operator approves one (it joins the
 * payout queue, its due date as promised) or rejects it (the coins return, or are forfeited when
 * the terms were broken), each with a reason and after a confirmation of what it changes.
 */
import { useContext, useEffect, useState } from 'react'
import { opsCall, type PageOf } from './api.ts'
import { Empty, Notice, Pager, useAction, usePaged } from './paged.tsx'
import {
  CoinsPerRupee,
  UserCell,
  When,
  coins,
  coinsInRupees,
  exactTime,
  rupees,
  signed,
} from './format.tsx'
import { useConfirm, type Summary } from './confirm-dialog.tsx'
import { useDetail } from './detail-panel.tsx'
import { Findings, LinkedAccounts, type LookUp } from './review.tsx'
import { WithdrawalIdButton } from './withdrawal-detail.tsx'
import type { WithdrawalQueueRow as WithdrawalRow } from '../../contract/api/ops.ts'

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
        ? { label: 'Balance', text: `${coins(w.points)} (unchanged)` }
        : {
            label: 'Balance',
            before: coins(w.points),
            after: `${coins(w.points + w.coins)} (${signed(w.coins)})`,
          },
      { label: 'Reason (the user sees it)', text: change.reason },
    ],
    accept: change.forfeit ? 'Reject and forfeit coins' : 'Reject and return coins',
  }
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
  const { page, error, loaded, pageIndex, next, previous, reload } = usePaged<WithdrawalRow>(
    '/withdrawals',
    { status: 'held' },
  )
  const { notice, run } = useAction(reload)
  const [dialog, ask] = useConfirm()
  const [panel, showDetail] = useDetail()
  const rate = useContext(CoinsPerRupee)
  useEffect(() => {
    if (loaded && !error) onPage?.(page)
  }, [loaded, error, page, onPage])
  return (
    <section aria-labelledby="held-title">
      <h1 id="held-title">Held for review</h1>
      <p className="muted lead">
        Withdrawals the risk rules held instead of sending them to the payout queue. The user sees
        “under review” with the promised date; approve or reject before it.
      </p>
      <Notice notice={notice} />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <table className="held">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">User</th>
            <th scope="col" className="num">
              Send
            </th>
            <th scope="col">UPI ID</th>
            <th scope="col">Requested, due</th>
            <th scope="col">Why it is held</th>
            {canAct && <th scope="col">Decision</th>}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((w) => {
            const findings = w.review?.findings ?? []
            return (
              <tr key={w.id} data-withdrawal={w.id} className={w.overdue ? 'overdue' : undefined}>
                <td>
                  <WithdrawalIdButton w={w} onOpen={showDetail} />
                </td>
                <td>
                  <UserCell name={w.first_name} email={w.email} id={w.user_id} />
                </td>
                <td className="num">{rupees(w.amount)}</td>
                <td className="code">{w.upi_id}</td>
                <td>
                  <span className="when-line">
                    <When iso={w.created_at} />
                  </span>
                  <span className="when-line">
                    <span className="muted">due </span>
                    <When iso={w.due_at} />
                    {w.overdue && <span className="chip chip-error">Overdue</span>}
                  </span>
                </td>
                <td className="why">
                  <Findings findings={findings} />
                  <LinkedAccounts findings={findings} lookUp={lookUp} />
                </td>
                {canAct && (
                  <td>
                    <ReviewActions
                      id={w.id}
                      onApprove={async (reason) =>
                        (await ask(reviewSummary(w, { approve: true, reason }, rate))) &&
                        run(
                          () =>
                            opsCall(`/withdrawals/${w.id}/approve`, {
                              method: 'POST',
                              body: { reason },
                            }),
                          `Withdrawal ${w.id} approved: it is in the payout queue.`,
                        )
                      }
                      onReject={async (reason, forfeit) =>
                        (await ask(reviewSummary(w, { approve: false, reason, forfeit }, rate))) &&
                        run(
                          () =>
                            opsCall(`/withdrawals/${w.id}/reject`, {
                              method: 'POST',
                              body: { reason, forfeit },
                            }),
                          forfeit
                            ? `Withdrawal ${w.id} rejected; the coins are forfeited.`
                            : `Withdrawal ${w.id} rejected; the coins went back.`,
                        )
                      }
                    />
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
      {loaded && !error && page.rows.length === 0 && <Empty text="Nothing held for review" />}
      <Pager page={page} pageIndex={pageIndex} next={next} previous={previous} />
      {dialog}
      {panel}
    </section>
  )
}

/** The reason (required, 3 characters at least), the forfeit choice, Approve and Reject. */
function ReviewActions(props: {
  id: number
  onApprove: (reason: string) => unknown
  onReject: (reason: string, forfeit: boolean) => unknown
}) {
  const [reason, setReason] = useState('')
  const [forfeit, setForfeit] = useState(false)
  const ready = reason.trim().length >= 3
  return (
    <div className="review-actions">
      <input
        aria-label={`Reason for withdrawal ${props.id}`}
        placeholder="reason (required)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <label className="check">
        <input type="checkbox" checked={forfeit} onChange={(e) => setForfeit(e.target.checked)} />
        Forfeit the coins (terms broken)
      </label>
      <div className="actions">
        <button type="button" disabled={!ready} onClick={() => void props.onApprove(reason.trim())}>
          Approve
        </button>
        <button
          type="button"
          disabled={!ready}
          onClick={() => void props.onReject(reason.trim(), forfeit)}
        >
          Reject
        </button>
      </div>
    </div>
  )
}
