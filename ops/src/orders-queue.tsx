/** Open orders: amount, purpose, user, the UTR the user entered, age; confirm or reject. */
import { useState } from 'react'
import { age, opsCall, rupees, uploadCsv } from './api.ts'
import { Notice, Pager, useAction, usePaged } from './paged.tsx'
import type { OrderQueueRow as OrderRow } from '../../contract/api/ops.ts'

export function OrdersQueue({ canAct }: { canAct: boolean }) {
  const [status, setStatus] = useState('pending')
  const [q, setQ] = useState('')
  const [withUtr, setWithUtr] = useState(false)
  const { page, error, pageIndex, next, previous, reload } = usePaged<OrderRow>('/orders', {
    status,
    q,
    with_utr: withUtr ? 'true' : '',
  })
  const { notice, run } = useAction(reload)
  const importStatement = async (file: File | undefined) => {
    if (!file) return
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
              onChange={(e) => void importStatement(e.target.files?.[0])}
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
            <th>Order</th>
            <th>User</th>
            <th>Purpose</th>
            <th>Amount</th>
            <th>UTR entered</th>
            <th>Age</th>
            <th>Status</th>
            {canAct && <th>Action</th>}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((o) => (
            <tr key={o.order_id} data-order={o.order_id}>
              <td>{o.order_id}</td>
              <td>{o.email}</td>
              <td>
                {o.purpose === 'platform_fee' ? 'Platform fee' : `Plan #${o.membership_plan_id}`}
              </td>
              <td>{rupees(o.amount)}</td>
              <td>{o.utr ?? '—'}</td>
              <td>{age(o.age_seconds)}</td>
              <td>{o.status}</td>
              {canAct && (
                <td>
                  {(o.status === 'pending' || o.status === 'expired') && (
                    <OrderActions
                      order={o}
                      onConfirm={(ref) =>
                        run(
                          () =>
                            opsCall(`/orders/${o.order_id}/confirm`, {
                              method: 'POST',
                              body: { upi_reference: ref },
                            }),
                          `Order ${o.order_id} confirmed.`,
                        )
                      }
                      onReject={(reason) =>
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
      <Pager page={page} pageIndex={pageIndex} next={next} previous={previous} />
    </section>
  )
}

function OrderActions(props: {
  order: OrderRow
  onConfirm: (reference: string) => void
  onReject: (reason: string) => void
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
      <button type="button" disabled={!reference} onClick={() => props.onConfirm(reference)}>
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
        onClick={() => props.onReject(reason)}
      >
        Reject
      </button>
    </div>
  )
}
