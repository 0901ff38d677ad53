/**
 * Withdrawals by due date (overdue first): the selected one is paid with the payout's UTR, or
 * failed with a reason, each after a confirmation that shows the user, the amount and what it
 * changes. Held ones are decided in held-queue.tsx; a reviewed one's detail shows why it was held
 * and the decision.
 */
import { useContext, useState } from 'react'
import { OpsError, download, uploadCsv } from '../../lib/api.ts'
import { usePaged } from '../../lib/use-paged.ts'
import {
  CoinsPerRupee,
  StatusChip,
  UserCell,
  When,
  coinsInRupees,
  money,
  rupees,
  signed,
} from '../../lib/format.tsx'
import type { Summary } from '../../components/confirm-dialog.tsx'
import { QueueScreen } from '../../components/queue-screen.tsx'
import type { Column } from '../../components/queue-table.tsx'
import { ActionsPanel } from '../../components/action-form.tsx'
import { useDecide } from '../../components/use-decide.ts'
import {
  DUE_COLUMN,
  UPI_COLUMN,
  withdrawalDetail,
  withdrawalRowAttributes,
} from './withdrawal-detail.tsx'
import type { WithdrawalQueueRow as WithdrawalRow } from '../../../../contract/api/ops.ts'
import { StatusAndSearch } from '../../components/queue-filters.tsx'

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
        ? {
            label: 'Balance',
            text: `${money(w.points, coinsPerRupee)}, unchanged: held when requested`,
          }
        : {
            label: 'Balance',
            before: money(w.points, coinsPerRupee),
            after: `${money(w.points + w.coins, coinsPerRupee)}: ${coinsInRupees(w.coins, coinsPerRupee)} (${signed(w.coins)} coins) returned`,
          },
    ],
    accept: paying ? 'Mark paid' : 'Mark failed',
  }
}

const COLUMNS: Column<WithdrawalRow>[] = [
  { header: '#', cell: (w) => `#${w.id}` },
  { header: 'User', cell: (w) => <UserCell name={w.first_name} email={w.email} /> },
  UPI_COLUMN,
  { header: 'Send', cell: (w) => rupees(w.amount), numeric: true },
  { header: 'Requested', cell: (w) => <When iso={w.created_at} /> },
  DUE_COLUMN,
  {
    header: 'Status',
    cell: (w) => (
      <>
        <StatusChip status={w.status} />
        {w.upi_reference && <span className="code"> {w.upi_reference}</span>}
      </>
    ),
  },
]

export function WithdrawalsQueue({ canAct }: { canAct: boolean }) {
  const [status, setStatus] = useState('requested')
  const [q, setQ] = useState('')
  const [overdue, setOverdue] = useState(false)
  const paged = usePaged<WithdrawalRow>('/withdrawals', {
    status,
    q,
    overdue: overdue ? 'true' : '',
  })
  const { notice, run, dialog, ask, decide } = useDecide(paged.reload)
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
  const actions = (w: WithdrawalRow) => {
    if (!canAct) return null
    if (w.status === 'held') return <p className="muted">Decide it in the Held for review queue.</p>
    if (w.status !== 'requested') return null
    return (
      <ActionsPanel
        key={w.id}
        decisions={[
          {
            label: 'Payout UTR',
            placeholder: 'the UTR of the transfer',
            button: 'Mark paid',
            needs: 'text',
            why: 'Type the UTR of the payout you sent.',
            onSubmit: (reference) =>
              decide(
                withdrawalSummary(w, { reference }, rate),
                `/withdrawals/${w.id}/pay`,
                { upi_reference: reference },
                `Withdrawal ${w.id} marked paid.`,
              ),
          },
          {
            label: 'Reason it failed',
            placeholder: 'e.g. the bank returned it',
            button: 'Mark failed',
            needs: 'reason',
            why: 'Give a reason of 3 characters or more: the user is shown it.',
            onSubmit: (reason) =>
              decide(
                withdrawalSummary(w, { reason }, rate),
                `/withdrawals/${w.id}/fail`,
                { reason },
                `Withdrawal ${w.id} marked failed; the coins went back.`,
              ),
          },
        ]}
      />
    )
  }
  return (
    <QueueScreen
      id="withdrawals"
      title="Withdrawals"
      filters={
        <>
          <StatusAndSearch
            statuses={['requested', 'held', 'paid', 'failed', 'rejected', 'all']}
            status={status}
            onStatus={setStatus}
            placeholder="start of email, phone, name or UPI ID"
            q={q}
            onQ={setQ}
          />
          <label className="check">
            <input
              type="checkbox"
              checked={overdue}
              onChange={(e) => setOverdue(e.target.checked)}
            />{' '}
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
        </>
      }
      above={
        report.length > 0 && (
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
        )
      }
      paged={paged}
      notice={notice}
      columns={COLUMNS}
      rowKey={(w) => String(w.id)}
      rowAttributes={withdrawalRowAttributes}
      openLabel={(w) => `Withdrawal #${w.id}`}
      detail={withdrawalDetail}
      actions={actions}
      dialog={dialog}
    />
  )
}
