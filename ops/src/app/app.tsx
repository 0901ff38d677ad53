/**
 * The console's shell: login until a session exists, then the sections as tabs. The sections are
 * one table (`SECTIONS`): the tab bar and the screen shown are both drawn from it.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { opsCall, saveToken, savedToken, type Operator, type PageOf } from '../lib/api.ts'
import { CoinsPerRupee } from '../lib/format.tsx'
import { Login } from '../features/auth/login.tsx'
import { ChangePassword } from '../features/auth/change-password.tsx'
import { OrdersQueue } from '../features/queues/orders-queue.tsx'
import { WithdrawalsQueue } from '../features/queues/withdrawals-queue.tsx'
import { HeldQueue } from '../features/queues/held-queue.tsx'
import { UserLookup } from '../features/users/user-lookup.tsx'
import { ContentEditor } from '../features/content/content-editor.tsx'
import { RulesEditor } from '../features/rules/rules-editor.tsx'
import { AuditList } from '../features/audit/audit-list.tsx'
import { DEFAULT_RULES, formatIndianNumber } from '../../../contract/rules.ts'
import type { RulesAnswer } from '../../../contract/api/ops-content.ts'

/** What a section's screen is drawn with. */
interface Shell {
  canAct: boolean
  /** The email a linked account's link opened the user look-up on. */
  userQuery: string
  lookUp: (email: string) => void
  countHeld: (page: PageOf<unknown>) => void
}

/** The console's sections, in the tab bar's order: each tab's label and its screen. */
const SECTIONS: { label: string; screen: (shell: Shell) => ReactNode; counted?: true }[] = [
  { label: 'Orders', screen: (s) => <OrdersQueue canAct={s.canAct} /> },
  { label: 'Withdrawals', screen: (s) => <WithdrawalsQueue canAct={s.canAct} /> },
  {
    label: 'Held for review',
    counted: true,
    screen: (s) => <HeldQueue canAct={s.canAct} lookUp={s.lookUp} onPage={s.countHeld} />,
  },
  {
    label: 'Users',
    screen: (s) => <UserLookup canAct={s.canAct} initialQuery={s.userQuery} />,
  },
  { label: 'Content', screen: (s) => <ContentEditor canAct={s.canAct} /> },
  { label: 'Rules', screen: (s) => <RulesEditor canAct={s.canAct} /> },
  { label: 'Audit', screen: () => <AuditList /> },
]

export function App() {
  const [operator, setOperator] = useState<Operator | null>(null)
  const [checked, setChecked] = useState(!savedToken())
  const [tab, setTab] = useState('Orders')
  const [coinsPerRupee, setCoinsPerRupee] = useState(DEFAULT_RULES.coinsPerRupee)
  // The held queue's count for its tab ("200+" past the server's cap); null until known.
  const [held, setHeld] = useState<string | null>(null)
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
  const heldShown = SECTIONS.find((s) => s.label === tab)?.counted === true
  useEffect(() => {
    if (signedIn && !heldShown) {
      opsCall<PageOf<unknown>>('/withdrawals?status=held&limit=1')
        .then(countHeld)
        .catch(() => undefined)
    }
  }, [signedIn, heldShown, countHeld])

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
  const shell: Shell = { canAct: operator.role === 'operator', userQuery, lookUp, countHeld }
  const section = SECTIONS.find((s) => s.label === tab) ?? SECTIONS[0]
  return (
    <CoinsPerRupee.Provider value={coinsPerRupee}>
      <header className="bar">
        <strong>Watch Earn operators</strong>
        <nav aria-label="Console sections">
          {SECTIONS.map((s) => (
            <button
              key={s.label}
              type="button"
              aria-current={s.label === tab ? 'page' : undefined}
              onClick={() => {
                setUserQuery('')
                setTab(s.label)
              }}
            >
              {s.label}
              {s.counted && held !== null && held !== '0' && (
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
      <main>{section?.screen(shell)}</main>
    </CoinsPerRupee.Provider>
  )
}
