/** The console's shell: login until a session exists, then the tabs (queues, audit). */
import { useCallback, useEffect, useState } from 'react'
import { opsCall, saveToken, savedToken, type Operator, type PageOf } from './api.ts'
import { Login } from './login.tsx'
import { ChangePassword } from './change-password.tsx'
import { OrdersQueue } from './orders-queue.tsx'
import { WithdrawalsQueue } from './withdrawals-queue.tsx'
import { HeldQueue } from './held-queue.tsx'
import { AuditList } from './audit-list.tsx'
import { RulesEditor } from './rules-editor.tsx'
import { UserLookup } from './user-lookup.tsx'
import { ContentEditor } from './content-editor.tsx'
import { CoinsPerRupee } from './format.tsx'
import { DEFAULT_RULES, formatIndianNumber } from '../../contract/rules.ts'
import type { RulesAnswer } from '../../contract/api/ops-content.ts'

const HELD = 'Held for review'
const TABS = ['Orders', 'Withdrawals', HELD, 'Users', 'Content', 'Rules', 'Audit'] as const
type Tab = (typeof TABS)[number]

export function App() {
  const [operator, setOperator] = useState<Operator | null>(null)
  const [checked, setChecked] = useState(!savedToken())
  const [tab, setTab] = useState<Tab>('Orders')
  const [coinsPerRupee, setCoinsPerRupee] = useState(DEFAULT_RULES.coinsPerRupee)
  // The held queue's count for its tab ("10,000+" past the server's cap); null until known.
  const [held, setHeld] = useState<string | null>(null)
  // The email a linked account's link opened the user look-up on.
  const [userQuery, setUserQuery] = useState('')
  const countHeld = useCallback(
    (page: PageOf<unknown>) =>
      setHeld(`${formatIndianNumber(page.total)}${page.total_capped ? '+' : ''}`),
    [],
  )
  const lookUp = useCallback((email: string) => {
    setUserQuery(email)
    setTab('Users')
  }, [])

  useEffect(() => {
    if (savedToken()) {
      opsCall<{ operator: Operator }>('/me')
        .then((r) => setOperator(r.operator))
        .catch(() => saveToken(null))
        .finally(() => setChecked(true))
    }
    const onLogout = () => setOperator(null)
    window.addEventListener('ops-logout', onLogout)
    return () => window.removeEventListener('ops-logout', onLogout)
  }, [])

  // The rate in force, for the rupee value beside every coin amount.
  const signedIn = operator !== null && !operator.password_must_change
  useEffect(() => {
    if (signedIn) {
      opsCall<RulesAnswer>('/rules')
        .then((r) => setCoinsPerRupee(r.rules.coinsPerRupee))
        .catch(() => undefined)
    }
  }, [signedIn])
  // The held count, fresh on each tab change (the held queue reports its own as it loads).
  useEffect(() => {
    if (signedIn && tab !== HELD) {
      opsCall<PageOf<unknown>>('/withdrawals?status=held&limit=1')
        .then(countHeld)
        .catch(() => undefined)
    }
  }, [signedIn, tab, countHeld])

  if (!checked) return <p className="muted">Loading…</p>
  if (!operator) return <Login onLoggedIn={setOperator} />
  if (operator.password_must_change) {
    return (
      <ChangePassword onChanged={() => setOperator({ ...operator, password_must_change: false })} />
    )
  }

  const logout = async () => {
    await opsCall('/logout', { method: 'POST' }).catch(() => undefined)
    saveToken(null)
    setOperator(null)
  }
  const canAct = operator.role === 'operator'
  return (
    <CoinsPerRupee.Provider value={coinsPerRupee}>
      <header className="bar">
        <strong>Watch Earn operators</strong>
        <nav aria-label="Console sections">
          {TABS.map((t) => (
            <button
              key={t}
              type="button"
              aria-current={t === tab ? 'page' : undefined}
              onClick={() => {
                setUserQuery('')
                setTab(t)
              }}
            >
              {t}
              {t === HELD && held !== null && held !== '0' && (
                <>
                  {' '}
                  <span className="count">{held}</span>
                </>
              )}
            </button>
          ))}
        </nav>
        <span className="who">
          {operator.email} ({operator.role})
        </span>
        <button type="button" onClick={logout}>
          Log out
        </button>
      </header>
      <main>
        {tab === 'Orders' && <OrdersQueue canAct={canAct} />}
        {tab === 'Withdrawals' && <WithdrawalsQueue canAct={canAct} />}
        {tab === HELD && <HeldQueue canAct={canAct} lookUp={lookUp} onPage={countHeld} />}
        {tab === 'Users' && <UserLookup canAct={canAct} initialQuery={userQuery} />}
        {tab === 'Content' && <ContentEditor canAct={canAct} />}
        {tab === 'Rules' && <RulesEditor canAct={canAct} />}
        {tab === 'Audit' && <AuditList />}
      </main>
    </CoinsPerRupee.Provider>
  )
}
