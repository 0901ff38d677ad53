/**
 * A user by email, phone or referral code: balance, ledger, orders, withdrawals; suspend, flag,
 * adjust the balance (after a confirmation with the balance before → after). Opened with
 * `initialQuery` (a linked account in the held queue), it finds that user at once.
 */
import { useCallback, useContext, useEffect, useState, type FormEvent } from 'react'
import { OpsError, opsCall } from './api.ts'
import { Notice } from './paged.tsx'
import {
  CoinsPerRupee,
  CoinsText,
  When,
  coins,
  coinsInRupees,
  exactTime,
  signed,
} from './format.tsx'
import { useConfirm } from './confirm-dialog.tsx'
import { useDetail, type Detail } from './detail-panel.tsx'
import { UserRecords } from './user-records.tsx'
import type { UserLookUp } from '../../contract/api/ops.ts'

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

export function UserLookup({
  canAct,
  initialQuery = '',
}: {
  canAct: boolean
  initialQuery?: string
}) {
  const [q, setQ] = useState(initialQuery)
  const [found, setFound] = useState<UserLookUp | null>(null)
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)
  const [reason, setReason] = useState('')
  const [change, setChange] = useState('')
  const [dialog, ask] = useConfirm()
  const [panel, showDetail] = useDetail()
  const rate = useContext(CoinsPerRupee)

  const search = useCallback(async (query: string) => {
    try {
      setFound(await opsCall<UserLookUp>(`/users?q=${encodeURIComponent(query.trim())}`))
    } catch (e) {
      setFound(null)
      setNotice({ ok: false, text: e instanceof OpsError ? e.message : 'Search failed.' })
    }
  }, [])
  useEffect(() => {
    if (initialQuery) void search(initialQuery)
  }, [initialQuery, search])
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn()
      setNotice({ ok: true, text: done })
      setReason('')
      setChange('')
      if (found) await search(found.user.email)
    } catch (e) {
      setNotice({ ok: false, text: e instanceof OpsError ? e.message : 'The action failed.' })
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
          before: coins(user.points),
          after: `${coins(user.points + delta)} (${signed(delta)}, ${coinsInRupees(delta, rate)})`,
        },
        { label: 'Reason', text: reason || '—' },
      ],
      accept: 'Adjust balance',
    })
    if (!accepted) return
    await act(
      () =>
        opsCall(`/users/${user.id}/adjustments`, {
          method: 'POST',
          body: { coins: delta, reason },
        }),
      `Balance adjusted: ${coins(user.points + delta)}.`,
    )
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
                disabled={!change}
                onClick={() => void adjust(found.user)}
              >
                Adjust balance
              </button>
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
