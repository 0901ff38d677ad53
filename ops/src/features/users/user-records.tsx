/**
 * A user's ledger (rupees and coins side by side), orders (by plan name) and withdrawals as
 * tables; an order or withdrawal id opens its detail.
 */
import { useContext } from 'react'
import { Empty } from '../../components/notice.tsx'
import {
  CoinsPerRupee,
  StatusChip,
  When,
  exactTime,
  ledgerAmounts,
  ledgerKind,
  rupees,
} from '../../lib/format.tsx'
import type { Detail } from '../../components/detail-panel.tsx'
import type { UserLookUp } from '../../../../contract/api/ops.ts'

/** What an order buys: "Platform fee", or the plan by its name. */
const orderFor = (o: { purpose: string; plan_name: string | null }) =>
  o.purpose === 'platform_fee' ? 'Platform fee' : `${o.plan_name ?? 'A plan'} plan`

export function UserRecords({
  found,
  showDetail,
}: {
  found: UserLookUp
  showDetail: (detail: Detail) => void
}) {
  const rate = useContext(CoinsPerRupee)
  return (
    <>
      <h2>Ledger</h2>
      <table aria-label="Ledger">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Rupees
            </th>
            <th scope="col" className="num">
              Coins
            </th>
            <th scope="col">Status</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {found.ledger.map((l) => {
            const amounts = ledgerAmounts(l, rate)
            return (
              <tr key={l.id}>
                <td>
                  <When iso={l.created_at} />
                </td>
                <td>{ledgerKind(l.kind)}</td>
                <td className="num">{amounts.rupees}</td>
                <td className="num">{amounts.coins}</td>
                <td>
                  <StatusChip status={l.status} />
                </td>
                <td>{l.description}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {found.ledger.length === 0 && <Empty />}
      <h2>Orders</h2>
      <table aria-label="Orders">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">For</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">UTR</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {found.orders.map((o) => (
            <tr key={o.order_id}>
              <td>
                <button
                  type="button"
                  className="link code"
                  onClick={() =>
                    showDetail({
                      title: `Order ${o.order_id}`,
                      entity: 'orders',
                      entityId: o.order_id,
                      fields: [
                        ['For', orderFor(o)],
                        ['Amount', rupees(o.amount)],
                        ['Status', <StatusChip key="s" status={o.status} />],
                        ['UTR entered', o.utr ?? '—'],
                        ['UPI reference', o.upi_reference ?? '—'],
                        ['Created', exactTime(o.created_at)],
                        ['Expires', exactTime(o.expires_at)],
                      ],
                    })
                  }
                >
                  {o.order_id}
                </button>
              </td>
              <td>{orderFor(o)}</td>
              <td className="num">{rupees(o.amount)}</td>
              <td>
                <StatusChip status={o.status} />
              </td>
              <td className="code">{o.utr ?? o.upi_reference ?? '—'}</td>
              <td>
                <When iso={o.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {found.orders.length === 0 && <Empty />}
      <h2>Withdrawals</h2>
      <table aria-label="Withdrawals">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">UPI ID</th>
            <th scope="col" className="num">
              Send
            </th>
            <th scope="col">Status</th>
            <th scope="col">Payout UTR</th>
            <th scope="col">Due</th>
          </tr>
        </thead>
        <tbody>
          {found.withdrawals.map((w) => (
            <tr key={w.id}>
              <td>
                <button
                  type="button"
                  className="link"
                  aria-label={`Withdrawal #${w.id}`}
                  onClick={() =>
                    showDetail({
                      title: `Withdrawal #${w.id}`,
                      entity: 'withdrawals',
                      entityId: String(w.id),
                      fields: [
                        ['UPI ID', w.upi_id],
                        ['Send', rupees(w.amount)],
                        ['Transfer fee', rupees(w.fee)],
                        ['Status', <StatusChip key="s" status={w.status} />],
                        ['Payout UTR', w.upi_reference ?? '—'],
                        ['Reason', w.reason ?? '—'],
                        ['Requested', exactTime(w.created_at)],
                        ['Due', exactTime(w.due_at)],
                      ],
                    })
                  }
                >
                  #{w.id}
                </button>
              </td>
              <td className="code">{w.upi_id}</td>
              <td className="num">{rupees(w.amount)}</td>
              <td>
                <StatusChip status={w.status} />
                {w.reason && <span className="muted"> {w.reason}</span>}
              </td>
              <td className="code">{w.upi_reference ?? '—'}</td>
              <td>
                <When iso={w.due_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {found.withdrawals.length === 0 && <Empty />}
    </>
  )
}
