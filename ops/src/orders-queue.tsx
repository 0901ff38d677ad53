/**
 * Open orders: amount, purpose, user, the UTR the user entered, age; confirm or reject, each after
 * a confirmation that shows the order and what it changes.
 */
import { useState } from 'react'
import { opsCall, uploadCsv } from './api.ts'
import { Empty, Notice, Pager, useAction, usePaged } from './paged.tsx'
import { CoinsText, StatusChip, UserCell, When, exactTime, rupees } from './format.tsx'
import { useConfirm, type Summary } from './confirm-dialog.tsx'
import { useDetail, type Detail } from './detail-panel.tsx'
import type { OrderQueueRow as OrderRow } from '../../contract/api/ops.ts'

const purposeOf = (o: OrderRow) =>
  o.purpose === 'platform_fee' ? 'Platform fee' : `Plan #${o.membership_plan_id}`

/** Every field of order `o`, for its detail panel. */
export function orderDetail(o: OrderRow): Detail {
  return {
    title: `Order ${o.order_id}`,
    entity: 'orders',
    entityId: o.order_id,
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
      {
        label: 'Status',
        before: o.status,
        after: confirming ? 'confirmed' : 'rejected',
      },
      confirming
        ? { label: 'UPI reference', text: change.reference }
        : { label: 'Reason', text: change.reason },
      confirming
        ? {
            label: 'What it applies',
            text:
              o.purpose === 'platform_fee'
                ? 'The platform fee is marked paid.'
                : `Plan #${o.membership_plan_id} becomes the user’s plan.`,
          }
        : {
            label: 'What it applies',
            text: 'Nothing: the user is told the payment did not arrive.',
          },
    ],
    accept: confirming ? 'Confirm order' : 'Reject order',
  }
}

export function OrdersQueue({ canAct }: { canAct: boolean }) {
  const [status, setStatus] = useState('pending')
  const [q, setQ] = useState('')
  const [withUtr, setWithUtr] = useState(false)
  const { page, error, loaded, pageIndex, next, previous, reload } = usePaged<OrderRow>('/orders', {
    status,
    q,
    with_utr: withUtr ? 'true' : '',
  })
  const { notice, run } = useAction(reload)
  const [dialog, ask] = useConfirm()
  const [panel, showDetail] = useDetail()
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
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <div className="filters">
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            {['pending', 'confirmed', 'rejected', 'cancelled', 'all'].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Search
          <input
            type="search"
            placeholder="email, phone, order id or UTR"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={withUtr} onChange={(e) => setWithUtr(e.target.checked)} />{' '}
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
      </div>
      <Notice notice={notice} />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">User</th>
            <th scope="col">For</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">UTR entered</th>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
            {canAct && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((o) => (
            <tr key={o.order_id} data-order={o.order_id}>
              <td>
                <button
                  type="button"
                  className="link code"
                  title="Every field and the audit trail"
                  onClick={() => showDetail(orderDetail(o))}
                >
                  {o.order_id}
                </button>
              </td>
              <td>
                <UserCell name={o.first_name} email={o.email} />
              </td>
              <td>{purposeOf(o)}</td>
              <td className="num">{rupees(o.amount)}</td>
              <td className="code">{o.utr ?? '—'}</td>
              <td>
                <When iso={o.created_at} />
              </td>
              <td>
                <StatusChip status={o.status} />
              </td>
              {canAct && (
                <td>
                  {(o.status === 'pending' || o.status === 'expired') && (
                    <OrderActions
                      order={o}
                      onConfirm={async (ref) =>
                        (await ask(orderSummary(o, { reference: ref }))) &&
                        run(
                          () =>
                            opsCall(`/orders/${o.order_id}/confirm`, {
                              method: 'POST',
                              body: { upi_reference: ref },
                            }),
                          `Order ${o.order_id} confirmed.`,
                        )
                      }
                      onReject={async (reason) =>
                        (await ask(orderSummary(o, { reason }))) &&
                        run(
                          () =>
                            opsCall(`/orders/${o.order_id}/reject`, {
                              method: 'POST',
                              body: { reason },
                            }),
                          `Order ${o.order_id} rejected.`,
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
      {loaded && !error && page.rows.length === 0 && <Empty />}
      <Pager page={page} pageIndex={pageIndex} next={next} previous={previous} />
      {dialog}
      {panel}
    </section>
  )
}

function OrderActions(props: {
  order: OrderRow
  onConfirm: (reference: string) => unknown
  onReject: (reason: string) => unknown
}) {
  const [reference, setReference] = useState(props.order.utr ?? '')
  const [reason, setReason] = useState('')
  const id = props.order.order_id
  return (
    <div className="actions">
      <input
        aria-label={`UTR for ${id}`}
        placeholder="UTR from the statement"
        value={reference}
        onChange={(e) => setReference(e.target.value)}
      />
      <button type="button" disabled={!reference} onClick={() => void props.onConfirm(reference)}>
        Confirm
      </button>
      <input
        aria-label={`Reason to reject ${id}`}
        placeholder="reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <button
        type="button"
        disabled={reason.trim().length < 3}
        onClick={() => void props.onReject(reason)}
      >
        Reject
      </button>
    </div>
  )
}
