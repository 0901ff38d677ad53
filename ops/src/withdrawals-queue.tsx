/** Withdrawals by due date (overdue first): pay with the payout's UTR, or fail with a reason. */
import { useState } from 'react'
import { OpsError, download, opsCall, rupees, uploadCsv } from './api.ts'
import { Notice, Pager, useAction, usePaged } from './paged.tsx'
import type { WithdrawalQueueRow as WithdrawalRow } from '../../contract/api/ops.ts'

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }) : '—'

export function WithdrawalsQueue({ canAct }: { canAct: boolean }) {
  const [status, setStatus] = useState('requested')
  const [q, setQ] = useState('')
  const [overdue, setOverdue] = useState(false)
  const { page, error, pageIndex, next, previous, reload } = usePaged<WithdrawalRow>(
    '/withdrawals',
    {
      status,
      q,
      overdue: overdue ? 'true' : '',
    },
  )
  const { notice, run } = useAction(reload)
  const [report, setReport] = useState<
    { line: number; reference: string; outcome: string; message: string }[]
  >([])
  const importResults = async (file: File | undefined) => {
    if (!file) return
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
            {['requested', 'paid', 'failed', 'all'].map((s) => (
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
                onChange={(e) => void importResults(e.target.files?.[0])}
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
            <th>#</th>
            <th>User</th>
            <th>UPI ID</th>
            <th>Send</th>
            <th>Due</th>
            <th>Status</th>
            {canAct && <th>Action</th>}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((w) => (
            <tr key={w.id} data-withdrawal={w.id} className={w.overdue ? 'overdue' : undefined}>
              <td>{w.id}</td>
              <td>{w.email}</td>
              <td>{w.upi_id}</td>
              <td>{rupees(w.amount)}</td>
              <td>
                {day(w.due_at)}
                {w.overdue && <strong> overdue</strong>}
              </td>
              <td>
                {w.status}
                {w.upi_reference && ` (${w.upi_reference})`}
                {w.reason && ` (${w.reason})`}
              </td>
              {canAct && (
                <td>
                  {w.status === 'requested' && (
                    <WithdrawalActions
                      id={w.id}
                      onPay={(ref) =>
                        run(
                          () =>
                            opsCall(`/withdrawals/${w.id}/pay`, {
                              method: 'POST',
                              body: { upi_reference: ref },
                            }),
                          `Withdrawal ${w.id} marked paid.`,
                        )
                      }
                      onFail={(reason) =>
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
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} pageIndex={pageIndex} next={next} previous={previous} />
    </section>
  )
}

function WithdrawalActions(props: {
  id: number
  onPay: (ref: string) => void
  onFail: (reason: string) => void
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
      <button type="button" disabled={!reference} onClick={() => props.onPay(reference)}>
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
        onClick={() => props.onFail(reason)}
      >
        Fail
      </button>
    </div>
  )
}
