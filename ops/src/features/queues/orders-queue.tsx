/**
 * Open orders: amount, what it buys (the plan's name), user, the UTR the user entered, when; the
 * selected order's detail confirms it with the UTR from the bank statement or rejects it with a
 * reason, each after a confirmation that shows the order and what it changes.
 */
import { useState } from 'react'
import { uploadCsv } from '../../lib/api.ts'
import { usePaged } from '../../lib/use-paged.ts'
import { CoinsText, StatusChip, UserCell, When, exactTime, rupees } from '../../lib/format.tsx'
import type { Summary } from '../../components/confirm-dialog.tsx'
import type { Detail } from '../../components/detail-panel.tsx'
import { QueueScreen } from '../../components/queue-screen.tsx'
import type { Column } from '../../components/queue-table.tsx'
import { ActionsPanel } from '../../components/action-form.tsx'
import { useDecide } from '../../components/use-decide.ts'
import type { OrderQueueRow as OrderRow } from '../../../../contract/api/ops.ts'
import { StatusAndSearch } from '../../components/queue-filters.tsx'

/** What an order buys: "Platform fee", or the plan by its name ("Gold plan"). */
export const purposeOf = (o: { purpose: string; plan_name: string | null }) =>
  o.purpose === 'platform_fee' ? 'Platform fee' : `${o.plan_name ?? 'A plan'} plan`

/** Every field of order `o`, for its detail. */
function orderDetail(o: OrderRow): Detail {
  return {
    title: `Order ${o.order_id}`,
    entity: 'orders',
    entityId: o.order_id,
    version: o.status,
    fields: [
      ['User', `${o.first_name} (${o.email}), +91 ${o.phone_number}, user #${o.user_id}`],
      ['Balance now', <CoinsText key="b" value={o.points} />],
      ['For', purposeOf(o)],
      ['Amount', rupees(o.amount)],
      ['UTR entered', o.utr ?? '—'],
      ['UPI reference', o.upi_reference ?? '—'],
      ['Status', <StatusChip key="s" status={o.status} />],
      ['Created', exactTime(o.created_at)],
      ['Expires', exactTime(o.expires_at)],
    ],
  }
}

/** The summary of confirming (`reference` given) or rejecting (`reason` given) order `o`. */
function orderSummary(o: OrderRow, change: { reference: string } | { reason: string }): Summary {
  const confirming = 'reference' in change
  return {
    title: `${confirming ? 'Confirm' : 'Reject'} order ${o.order_id}?`,
    who: `${o.first_name} (${o.email})`,
    lines: [
      { label: 'Amount', text: rupees(o.amount) },
      { label: 'For', text: purposeOf(o) },
      { label: 'Status', before: o.status, after: confirming ? 'confirmed' : 'rejected' },
      confirming
        ? { label: 'UPI reference', text: change.reference }
        : { label: 'Reason', text: change.reason },
      {
        label: 'What it applies',
        text: !confirming
          ? 'Nothing: the user is told the payment did not arrive.'
          : o.purpose === 'platform_fee'
            ? 'The platform fee is marked paid.'
            : `The ${purposeOf(o)} becomes the user’s plan.`,
      },
    ],
    accept: confirming ? 'Confirm order' : 'Reject order',
  }
}

const COLUMNS: Column<OrderRow>[] = [
  { header: 'Order', cell: (o) => <span className="code">{o.order_id}</span> },
  { header: 'User', cell: (o) => <UserCell name={o.first_name} email={o.email} /> },
  { header: 'For', cell: purposeOf },
  { header: 'Amount', cell: (o) => rupees(o.amount), numeric: true },
  { header: 'UTR entered', cell: (o) => o.utr ?? '—', className: 'code' },
  { header: 'Created', cell: (o) => <When iso={o.created_at} /> },
  { header: 'Status', cell: (o) => <StatusChip status={o.status} /> },
]

export function OrdersQueue({ canAct }: { canAct: boolean }) {
  const [status, setStatus] = useState('pending')
  const [q, setQ] = useState('')
  const [withUtr, setWithUtr] = useState(false)
  const paged = usePaged<OrderRow>('/orders', { status, q, with_utr: withUtr ? 'true' : '' })
  const { notice, run, dialog, ask, decide } = useDecide(paged.reload)
  const importStatement = async (input: HTMLInputElement) => {
    const file = input.files?.[0]
    input.value = ''
    if (!file) return
    const lines = (await file.text()).split('\n').filter((l) => l.trim() !== '').length
    const accepted = await ask({
      title: `Import bank statement ${file.name}?`,
      lines: [
        { label: 'File', text: `${file.name}, ${lines.toLocaleString('en-IN')} lines` },
        {
          label: 'What it applies',
          text: 'Every pending order whose UTR and amount match a credit is confirmed.',
        },
      ],
      accept: 'Import and confirm',
    })
    if (!accepted) return
    await run(async () => {
      const answer = await uploadCsv<{ rows: { kind: string }[] }>('/statement-import', file)
      const confirmed = answer.rows.filter((r) => r.kind === 'confirmed').length
      const other = answer.rows.length - confirmed
      if (other > 0)
        throw new Error(
          `${confirmed} confirmed; ${other} rows need a look (run npm run ops -- import-statement for the details).`,
        )
    }, `Statement ${file.name}: every matching order confirmed.`)
  }
  const actions = (o: OrderRow) =>
    canAct && (o.status === 'pending' || o.status === 'expired') ? (
      <ActionsPanel
        key={o.order_id}
        decisions={[
          {
            label: 'UTR from the bank statement',
            initial: o.utr ?? '',
            button: 'Confirm payment',
            needs: 'text',
            why: 'Type the UTR of the credit in the bank statement.',
            onSubmit: (reference) =>
              decide(
                orderSummary(o, { reference }),
                `/orders/${o.order_id}/confirm`,
                { upi_reference: reference },
                `Order ${o.order_id} confirmed.`,
              ),
          },
          {
            label: 'Reason to reject',
            placeholder: 'e.g. no credit in the statement',
            button: 'Reject order',
            needs: 'reason',
            why: 'Give a reason of 3 characters or more: the audit trail keeps it.',
            onSubmit: (reason) =>
              decide(
                orderSummary(o, { reason }),
                `/orders/${o.order_id}/reject`,
                { reason },
                `Order ${o.order_id} rejected.`,
              ),
          },
        ]}
      />
    ) : null
  return (
    <QueueScreen
      id="orders"
      title="Orders"
      filters={
        <>
          <StatusAndSearch
            statuses={['pending', 'confirmed', 'rejected', 'cancelled', 'all']}
            status={status}
            onStatus={setStatus}
            placeholder="start of email, phone or name; order id or UTR"
            q={q}
            onQ={setQ}
          />
          <label className="check">
            <input
              type="checkbox"
              checked={withUtr}
              onChange={(e) => setWithUtr(e.target.checked)}
            />{' '}
            With a UTR only
          </label>
          {canAct && (
            <label>
              Import bank statement
              <input
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => void importStatement(e.target)}
              />
            </label>
          )}
        </>
      }
      paged={paged}
      notice={notice}
      columns={COLUMNS}
      rowKey={(o) => o.order_id}
      rowAttributes={(o) => ({ 'data-order': o.order_id })}
      openLabel={(o) => `Order ${o.order_id}`}
      detail={orderDetail}
      actions={actions}
      dialog={dialog}
    />
  )
}
