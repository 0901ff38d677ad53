/**
 * Withdrawals by due date (overdue first): pay with the payout's UTR, or fail with a reason, each
 * after a confirmation that shows the user, the amount and what it changes. Held ones are decided
 * in held-queue.tsx; a reviewed one's detail shows why it was held and the decision.
 */
import { useContext, useState } from 'react'
import { OpsError, download, opsCall, uploadCsv } from './api.ts'
import { Empty, Notice, Pager, useAction, usePaged } from './paged.tsx'
import {
  CoinsPerRupee,
  StatusChip,
  UserCell,
  When,
  coins,
  coinsInRupees,
  rupees,
  signed,
} from './format.tsx'
import { useConfirm, type Summary } from './confirm-dialog.tsx'
import { useDetail } from './detail-panel.tsx'
import { WithdrawalIdButton } from './withdrawal-detail.tsx'
import type { WithdrawalQueueRow as WithdrawalRow } from '../../contract/api/ops.ts'

/** The summary of paying (`reference` given) or failing (`reason` given) withdrawal `w`. */
function withdrawalSummary(
  w: WithdrawalRow,
  change: { reference: string } | { reason: string },
  coinsPerRupee: number,
): Summary {
  const paying = 'reference' in change
  return {
    title: `Mark withdrawal #${w.id} ${paying ? 'paid' : 'failed'}?`,
    who: `${w.first_name} (${w.email})`,
    lines: [
      { label: 'Send', text: `${rupees(w.amount)} to ${w.upi_id} (fee ${rupees(w.fee)})` },
      { label: 'Status', before: w.status, after: paying ? 'paid' : 'failed' },
      paying
        ? { label: 'Payout UTR', text: change.reference }
        : { label: 'Reason', text: change.reason },
      paying
        ? { label: 'Balance', text: `${coins(w.points)} (unchanged: held when requested)` }
        : {
            label: 'Balance',
            before: coins(w.points),
            after: `${coins(w.points + w.coins)} (${signed(w.coins)}, ${coinsInRupees(w.coins, coinsPerRupee)} returned)`,
          },
    ],
    accept: paying ? 'Mark paid' : 'Mark failed',
  }
}

export function WithdrawalsQueue({ canAct }: { canAct: boolean }) {
  const [status, setStatus] = useState('requested')
  const [q, setQ] = useState('')
  const [overdue, setOverdue] = useState(false)
  const { page, error, loaded, pageIndex, next, previous, reload } = usePaged<WithdrawalRow>(
    '/withdrawals',
    {
      status,
      q,
      overdue: overdue ? 'true' : '',
    },
  )
  const { notice, run } = useAction(reload)
  const [dialog, ask] = useConfirm()
  const [panel, showDetail] = useDetail()
  const rate = useContext(CoinsPerRupee)
  const [report, setReport] = useState<
    { line: number; reference: string; outcome: string; message: string }[]
  >([])
  const importResults = async (input: HTMLInputElement) => {
    const file = input.files?.[0]
    input.value = ''
    if (!file) return
    const lines = (await file.text()).split('\n').filter((l) => l.trim() !== '').length
    const accepted = await ask({
      title: `Import bank result file ${file.name}?`,
      lines: [
        { label: 'File', text: `${file.name}, ${lines.toLocaleString('en-IN')} lines` },
        {
          label: 'What it applies',
          text: 'Each withdrawal in the file is marked paid or failed as the bank says; failed ones get their coins back.',
        },
      ],
      accept: 'Import results',
    })
    if (!accepted) return
    await run(async () => {
      const answer = await uploadCsv<{ rows: typeof report }>('/payouts/import', file)
      setReport(answer.rows)
    }, `Imported ${file.name}.`)
  }
  return (
    <section aria-labelledby="withdrawals-title">
      <h1 id="withdrawals-title">Withdrawals</h1>
      <div className="filters">
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            {['requested', 'held', 'paid', 'failed', 'rejected', 'all'].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Search
          <input
            type="search"
            placeholder="email, phone or UPI ID"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={overdue} onChange={(e) => setOverdue(e.target.checked)} />{' '}
          Overdue only
        </label>
        {canAct && (
          <>
            <button
              type="button"
              onClick={() =>
                download('/payouts.csv', 'payouts.csv').catch((e: unknown) =>
                  setReport([
                    {
                      line: 0,
                      reference: '',
                      outcome: 'error',
                      message: e instanceof OpsError ? e.message : 'Export failed.',
                    },
                  ]),
                )
              }
            >
              Export payout CSV
            </button>
            <label>
              Import bank result file
              <input
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => void importResults(e.target)}
              />
            </label>
          </>
        )}
      </div>
      {report.length > 0 && (
        <ul className="report" aria-label="Import report">
          {report.map((r) => (
            <li
              key={`${r.line}-${r.reference}`}
              className={r.outcome === 'error' ? 'error' : undefined}
            >
              Line {r.line} {r.reference}: {r.outcome}. {r.message}
            </li>
          ))}
        </ul>
      )}
      <Notice notice={notice} />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">User</th>
            <th scope="col">UPI ID</th>
            <th scope="col" className="num">
              Send
            </th>
            <th scope="col">Requested</th>
            <th scope="col">Due</th>
            <th scope="col">Status</th>
            {canAct && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((w) => (
            <tr key={w.id} data-withdrawal={w.id} className={w.overdue ? 'overdue' : undefined}>
              <td>
                <WithdrawalIdButton w={w} onOpen={showDetail} />
              </td>
              <td>
                <UserCell name={w.first_name} email={w.email} />
              </td>
              <td className="code">{w.upi_id}</td>
              <td className="num">{rupees(w.amount)}</td>
              <td>
                <When iso={w.created_at} />
              </td>
              <td>
                <When iso={w.due_at} />
                {w.overdue && <span className="chip chip-error">Overdue</span>}
              </td>
              <td>
                <StatusChip status={w.status} />
                {w.upi_reference && <span className="code"> {w.upi_reference}</span>}
                {w.reason && <span className="muted"> {w.reason}</span>}
              </td>
              {canAct && (
                <td>
                  {w.status === 'requested' && (
                    <WithdrawalActions
                      id={w.id}
                      onPay={async (ref) =>
                        (await ask(withdrawalSummary(w, { reference: ref }, rate))) &&
                        run(
                          () =>
                            opsCall(`/withdrawals/${w.id}/pay`, {
                              method: 'POST',
                              body: { upi_reference: ref },
                            }),
                          `Withdrawal ${w.id} marked paid.`,
                        )
                      }
                      onFail={async (reason) =>
                        (await ask(withdrawalSummary(w, { reason }, rate))) &&
                        run(
                          () =>
                            opsCall(`/withdrawals/${w.id}/fail`, {
                              method: 'POST',
                              body: { reason },
                            }),
                          `Withdrawal ${w.id} marked failed; the coins went back.`,
                        )
                      }
                    />
                  )}
                  {w.status === 'held' && <span className="muted">See Held for review</span>}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {loaded && !error && page.rows.length === 0 && <Empty />}
      <Pager page={page} pageIndex={pageIndex} next={next} previous={previous} />
      {dialog}
      {panel}
    </section>
  )
}

function WithdrawalActions(props: {
  id: number
  onPay: (ref: string) => unknown
  onFail: (reason: string) => unknown
}) {
  const [reference, setReference] = useState('')
  const [reason, setReason] = useState('')
  return (
    <div className="actions">
      <input
        aria-label={`Payout UTR for withdrawal ${props.id}`}
        placeholder="payout UTR"
        value={reference}
        onChange={(e) => setReference(e.target.value)}
      />
      <button type="button" disabled={!reference} onClick={() => void props.onPay(reference)}>
        Pay
      </button>
      <input
        aria-label={`Reason withdrawal ${props.id} failed`}
        placeholder="reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <button
        type="button"
        disabled={reason.trim().length < 3}
        onClick={() => void props.onFail(reason)}
      >
        Fail
      </button>
    </div>
  )
}
