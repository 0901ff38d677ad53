/** A user by email, phone or referral code: balance, ledger, orders, withdrawals; suspend, adjust. */
import { useState, type FormEvent } from 'react'
import { OpsError, opsCall, rupees } from './api.ts'
import { Notice } from './paged.tsx'
import type { UserLookUp } from '../../contract/api/ops.ts'

export function UserLookup({ canAct }: { canAct: boolean }) {
  const [q, setQ] = useState('')
  const [found, setFound] = useState<UserLookUp | null>(null)
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)
  const [reason, setReason] = useState('')
  const [coins, setCoins] = useState('')

  const search = async (query = q) => {
    try {
      setFound(await opsCall<UserLookUp>(`/users?q=${encodeURIComponent(query.trim())}`))
    } catch (e) {
      setFound(null)
      setNotice({ ok: false, text: e instanceof OpsError ? e.message : 'Search failed.' })
    }
  }
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn()
      setNotice({ ok: true, text: done })
      setReason('')
      setCoins('')
      if (found) await search(found.user.email)
    } catch (e) {
      setNotice({ ok: false, text: e instanceof OpsError ? e.message : 'The action failed.' })
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setNotice(null)
    void search()
  }

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">Users</h1>
      <form className="filters" onSubmit={submit}>
        <label>
          Email, phone or referral code
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} required />
        </label>
        <button type="submit">Find</button>
      </form>
      <Notice notice={notice} />
      {found && (
        <>
          <p>
            <strong>{found.user.first_name}</strong> · {found.user.email} · +91{' '}
            {found.user.phone_number} · code {found.user.referral_id} ·{' '}
            {found.user.points.toLocaleString('en-IN')} coins · {found.user.views} videos · fee{' '}
            {found.user.platform_fee_paid ? 'paid' : 'not paid'}
            {found.moderation.suspended && (
              <strong className="error"> · suspended ({found.moderation.reason})</strong>
            )}
            {found.moderation.flagged && <strong> · flagged</strong>}
          </p>
          {canAct && (
            <div className="actions">
              <input
                aria-label="Reason"
                placeholder="reason (required)"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <button
                type="button"
                onClick={() =>
                  act(
                    () =>
                      opsCall(`/users/${found.user.id}/moderation`, {
                        method: 'POST',
                        body: { suspended: !found.moderation.suspended, reason },
                      }),
                    found.moderation.suspended ? 'Suspension lifted.' : 'User suspended.',
                  )
                }
              >
                {found.moderation.suspended ? 'Lift suspension' : 'Suspend'}
              </button>
              <button
                type="button"
                onClick={() =>
                  act(
                    () =>
                      opsCall(`/users/${found.user.id}/moderation`, {
                        method: 'POST',
                        body: { flagged: !found.moderation.flagged, reason },
                      }),
                    'Flag changed.',
                  )
                }
              >
                {found.moderation.flagged ? 'Unflag' : 'Flag'}
              </button>
              <input
                aria-label="Coins to add (negative to take back)"
                type="number"
                step={1}
                placeholder="± coins"
                value={coins}
                onChange={(e) => setCoins(e.target.value)}
              />
              <button
                type="button"
                disabled={!coins}
                onClick={() =>
                  act(
                    () =>
                      opsCall(`/users/${found.user.id}/adjustments`, {
                        method: 'POST',
                        body: { coins: Number(coins), reason },
                      }),
                    'Balance adjusted.',
                  )
                }
              >
                Adjust balance
              </button>
            </div>
          )}
          <h2>Ledger</h2>
          <table>
            <tbody>
              {found.ledger.map((l) => (
                <tr key={l.id}>
                  <td>{new Date(l.created_at).toLocaleString('en-IN')}</td>
                  <td>{l.kind}</td>
                  <td>{l.coins}</td>
                  <td>{l.status}</td>
                  <td>{l.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Orders</h2>
          <table>
            <tbody>
              {found.orders.map((o) => (
                <tr key={o.order_id}>
                  <td>{o.order_id}</td>
                  <td>{o.purpose}</td>
                  <td>{rupees(o.amount)}</td>
                  <td>{o.status}</td>
                  <td>{o.utr}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Withdrawals</h2>
          <table>
            <tbody>
              {found.withdrawals.map((w) => (
                <tr key={w.id}>
                  <td>#{w.id}</td>
                  <td>{w.upi_id}</td>
                  <td>{rupees(w.amount)}</td>
                  <td>{w.status}</td>
                  <td>{w.upi_reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}
