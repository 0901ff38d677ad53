/**
 * Users: found by the start of an email, phone, name or UPI ID (the server's indexed prefix
 * search, at most 20 answers), the chosen one's balance, ledger, orders and withdrawals, and one
 * set of actions: suspend, flag, adjust the balance (after a confirmation with the balance before
 * → after). Opened with `initialQuery` (a linked account in the held queue), it finds that user
 * at once.
 */
import { useCallback, useContext, useEffect, useState, type FormEvent } from 'react'
import { OpsError, newIdempotencyKey, opsCall } from '../../lib/api.ts'
import type { ActionNotice } from '../../lib/use-paged.ts'
import { Notice } from '../../components/notice.tsx'
import {
  CoinsPerRupee,
  CoinsText,
  When,
  coinsInRupees,
  exactTime,
  money,
  signed,
} from '../../lib/format.tsx'
import { useConfirm } from '../../components/confirm-dialog.tsx'
import { useDetail, type Detail } from '../../components/detail-panel.tsx'
import { QueueTable, type Column } from '../../components/queue-table.tsx'
import { hasReason } from '../../components/action-form.tsx'
import { UserRecords } from './user-records.tsx'
import type { UserLookUp, UserSearch, UserSearchRow } from '../../../../contract/api/ops.ts'

type Found = UserLookUp

/** Every field of the user, their plan and moderation, for the detail panel. */
function userDetail(f: Found): Detail {
  const u = f.user
  return {
    title: `User #${u.id}: ${u.first_name}`,
    entity: 'users',
    entityId: String(u.id),
    fields: [
      ['Name', u.first_name],
      ['Email', `${u.email} (${u.email_verified ? 'verified' : 'not verified'})`],
      ['Phone', `+91 ${u.phone_number}`],
      ['Balance', <CoinsText key="b" value={u.points} />],
      ['Ledger sum', <CoinsText key="l" value={f.ledger_sum} />],
      ['Videos watched', u.views.toLocaleString('en-IN')],
      [
        'Plan',
        f.plan
          ? `${f.plan.membership_type} (#${f.plan.id}, deposit ${f.plan.deposit_point}, ${f.plan.video_point} coins a video)`
          : 'None',
      ],
      ['Platform fee', u.platform_fee_paid ? 'Paid' : 'Not paid'],
      ['Referral code', u.referral_id],
      ['Referred by', u.referred_by === null ? '—' : `user #${u.referred_by}`],
      ['Referrals', String(f.referral_count)],
      ['Flagged', f.moderation.flagged ? 'Yes' : 'No'],
      ['Suspended', f.moderation.suspended ? `Yes (${f.moderation.reason ?? ''})` : 'No'],
      ['Joined', exactTime(u.created_at)],
    ],
  }
}

/** How a search row matched, in words. */
const MATCHED: Record<UserSearchRow['matched_by'], string> = {
  email: 'Email',
  phone: 'Phone',
  name: 'Name',
  upi_id: 'UPI ID',
  referral_code: 'Referral code',
}

const MATCH_COLUMNS: Column<UserSearchRow>[] = [
  { header: 'Name', cell: (u) => u.first_name },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Phone', cell: (u) => `+91 ${u.phone_number}` },
  { header: 'Balance', cell: (u) => <CoinsText value={u.points} />, numeric: true },
  {
    header: 'Matched by',
    cell: (u) => (u.upi_id ? `${MATCHED[u.matched_by]}: ${u.upi_id}` : MATCHED[u.matched_by]),
  },
  { header: 'Joined', cell: (u) => <When iso={u.created_at} /> },
]

export function UserLookup({
  canAct,
  initialQuery = '',
}: {
  canAct: boolean
  initialQuery?: string
}) {
  const [q, setQ] = useState(initialQuery)
  const [matches, setMatches] = useState<UserSearch | null>(null)
  const [found, setFound] = useState<UserLookUp | null>(null)
  const [notice, setNotice] = useState<ActionNotice | null>(null)
  const [reason, setReason] = useState('')
  const [change, setChange] = useState('')
  const [dialog, ask] = useConfirm()
  const [panel, showDetail] = useDetail()
  const rate = useContext(CoinsPerRupee)

  const open = useCallback(async (id: number) => {
    try {
      setFound(await opsCall<UserLookUp>(`/users/${id}`))
    } catch (e) {
      setNotice({ ok: false, text: e instanceof OpsError ? e.message : 'Could not open the user.' })
    }
  }, [])
  const search = useCallback(
    async (query: string) => {
      setFound(null)
      try {
        const answer = await opsCall<UserSearch>(
          `/users/search?q=${encodeURIComponent(query.trim())}`,
        )
        setMatches(answer)
        // One user named: open them at once.
        const only = answer.rows.length === 1 ? answer.rows[0] : undefined
        if (only) await open(only.id)
      } catch (e) {
        setMatches(null)
        setNotice({ ok: false, text: e instanceof OpsError ? e.message : 'Search failed.' })
      }
    },
    [open],
  )
  useEffect(() => {
    if (initialQuery) void search(initialQuery)
  }, [initialQuery, search])
  const act = async (fn: (key: string) => Promise<unknown>, done: string, key: string) => {
    try {
      await fn(key)
      setNotice({ ok: true, text: done })
      setReason('')
      setChange('')
      if (found) await open(found.user.id)
    } catch (e) {
      const retriable =
        e instanceof OpsError && (e.code === 'NETWORK' || e.status === 409 || e.status >= 500)
      setNotice({
        ok: false,
        text: e instanceof OpsError ? e.message : 'The action failed.',
        ...(retriable ? { retry: () => void act(fn, done, key) } : {}),
      })
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setNotice(null)
    void search(q)
  }
  const adjust = async (user: UserLookUp['user']) => {
    const delta = Number(change)
    if (!Number.isInteger(delta) || delta === 0) {
      setNotice({ ok: false, text: 'Give a whole number of coins other than 0.' })
      return
    }
    const accepted = await ask({
      title: 'Adjust the balance?',
      who: `${user.first_name} (${user.email})`,
      lines: [
        {
          label: 'Balance',
          before: money(user.points, rate),
          after: `${money(user.points + delta, rate)}, ${signed(delta)} coins (${coinsInRupees(delta, rate)})`,
        },
        { label: 'Reason', text: reason },
      ],
      accept: 'Adjust balance',
    })
    if (!accepted) return
    await act(
      (key) =>
        opsCall(`/users/${user.id}/adjustments`, {
          method: 'POST',
          body: { coins: delta, reason },
          idempotencyKey: key,
        }),
      `Balance adjusted: ${money(user.points + delta, rate)}.`,
      newIdempotencyKey(),
    )
  }
  const moderate = (user: UserLookUp, body: { suspended: boolean } | { flagged: boolean }) =>
    act(
      (key) =>
        opsCall(`/users/${user.user.id}/moderation`, {
          method: 'POST',
          body: { ...body, reason },
          idempotencyKey: key,
        }),
      'suspended' in body
        ? body.suspended
          ? 'User suspended.'
          : 'Suspension lifted.'
        : 'Flag changed.',
      newIdempotencyKey(),
    )
  const reasonReady = hasReason(reason)
  const changeReady = /^-?\d+$/.test(change.trim()) && Number(change) !== 0

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">Users</h1>
      <form className="filters" onSubmit={submit}>
        <label>
          Email, phone, name or UPI ID (the start is enough)
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} required />
        </label>
        <button type="submit">Find</button>
      </form>
      <Notice notice={notice} />
      {matches && matches.rows.length === 0 && (
        <p className="empty">No user’s email, phone, name or UPI ID starts with that.</p>
      )}
      {matches && matches.rows.length > 1 && (
        <>
          <QueueTable
            label="Matching users"
            columns={MATCH_COLUMNS}
            rows={matches.rows}
            rowKey={(u) => String(u.id)}
            rowAttributes={(u) => ({ 'data-user': String(u.id) })}
            selected={found ? String(found.user.id) : null}
            onSelect={(u) => void open(u.id)}
            openLabel={(u) => `${u.first_name}, ${u.email}`}
          />
          {matches.capped && (
            <p className="muted">
              Showing the first {matches.rows.length}: more may match. Type more of it.
            </p>
          )}
        </>
      )}
      {found && (
        <>
          <div className="card user-card">
            <h2>
              {found.user.first_name}{' '}
              {found.moderation.suspended && <span className="chip chip-error">Suspended</span>}{' '}
              {found.moderation.flagged && <span className="chip chip-warn">Flagged</span>}
            </h2>
            <dl className="facts">
              <div>
                <dt>Balance</dt>
                <dd className="balance">
                  <CoinsText value={found.user.points} />
                </dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{found.user.email}</dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>+91 {found.user.phone_number}</dd>
              </div>
              <div>
                <dt>Referral code</dt>
                <dd className="code">{found.user.referral_id}</dd>
              </div>
              <div>
                <dt>Videos watched</dt>
                <dd>{found.user.views.toLocaleString('en-IN')}</dd>
              </div>
              <div>
                <dt>Platform fee</dt>
                <dd>{found.user.platform_fee_paid ? 'Paid' : 'Not paid'}</dd>
              </div>
              <div>
                <dt>Plan</dt>
                <dd>{found.plan ? found.plan.membership_type : 'None'}</dd>
              </div>
              <div>
                <dt>Joined</dt>
                <dd>
                  <When iso={found.user.created_at} />
                </dd>
              </div>
            </dl>
            {found.moderation.suspended && found.moderation.reason && (
              <p className="error">Suspended: {found.moderation.reason}</p>
            )}
            <button type="button" className="details" onClick={() => showDetail(userDetail(found))}>
              Details and history
            </button>
          </div>
          {canAct && (
            <div className="actions user-actions">
              <label>
                Reason
                <input
                  placeholder="required for any change"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              </label>
              <button
                type="button"
                disabled={!reasonReady}
                aria-describedby={reasonReady ? undefined : 'user-actions-why'}
                onClick={() => void moderate(found, { suspended: !found.moderation.suspended })}
              >
                {found.moderation.suspended ? 'Lift suspension' : 'Suspend'}
              </button>
              <button
                type="button"
                disabled={!reasonReady}
                aria-describedby={reasonReady ? undefined : 'user-actions-why'}
                onClick={() => void moderate(found, { flagged: !found.moderation.flagged })}
              >
                {found.moderation.flagged ? 'Unflag' : 'Flag'}
              </button>
              <label>
                Coins to add (negative to take back)
                <input
                  type="number"
                  step={1}
                  placeholder="± coins"
                  value={change}
                  onChange={(e) => setChange(e.target.value)}
                />
              </label>
              <button
                type="button"
                className="primary"
                disabled={!reasonReady || !changeReady}
                aria-describedby={reasonReady && changeReady ? undefined : 'user-actions-why'}
                onClick={() => void adjust(found.user)}
              >
                Adjust balance
              </button>
              {(!reasonReady || !changeReady) && (
                <p id="user-actions-why" className="muted hint">
                  {!reasonReady
                    ? 'Give a reason of 3 characters or more: every change needs one, and the audit trail keeps it.'
                    : 'Type the coins to add, a whole number other than 0 (negative takes coins back).'}
                </p>
              )}
            </div>
          )}
          <UserRecords found={found} showDetail={showDetail} />
        </>
      )}
      {dialog}
      {panel}
    </section>
  )
}
