/** The console's shell: login until a session exists, then the tabs (queues, audit). */
import { useEffect, useState } from 'react'
import { opsCall, saveToken, savedToken, type Operator } from './api.ts'
import { Login } from './login.tsx'
import { ChangePassword } from './change-password.tsx'
import { OrdersQueue } from './orders-queue.tsx'
import { WithdrawalsQueue } from './withdrawals-queue.tsx'
import { AuditList } from './audit-list.tsx'
import { RulesEditor } from './rules-editor.tsx'
import { UserLookup } from './user-lookup.tsx'
import { ContentEditor } from './content-editor.tsx'
import { CoinsPerRupee } from './format.tsx'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import type { RulesAnswer } from '../../contract/api/ops-content.ts'

const TABS = ['Orders', 'Withdrawals', 'Users', 'Content', 'Rules', 'Audit'] as const
type Tab = (typeof TABS)[number]

export function App() {
  const [operator, setOperator] = useState<Operator | null>(null)
  const [checked, setChecked] = useState(!savedToken())
  const [tab, setTab] = useState<Tab>('Orders')
  const [coinsPerRupee, setCoinsPerRupee] = useState(DEFAULT_RULES.coinsPerRupee)

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
              onClick={() => setTab(t)}
            >
              {t}
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
        {tab === 'Users' && <UserLookup canAct={canAct} />}
        {tab === 'Content' && <ContentEditor canAct={canAct} />}
        {tab === 'Rules' && <RulesEditor canAct={canAct} />}
        {tab === 'Audit' && <AuditList />}
      </main>
    </CoinsPerRupee.Provider>
  )
}
