/** The shared body of the payment result pages: Loading, then the details or the error, then the button. */
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { PageSpinner } from '@/components/page-spinner'
import type { TransactionState } from '../lib/use-transaction-details'
import { LOAD_DETAILS_ERROR } from '../messages'

interface Props {
  state: TransactionState
  title: string
  /** The rows to show: [label, value] from the loaded details. */
  rows: (details: Extract<TransactionState, { kind: 'ready' }>['details']) => [string, string][]
  action: { href: string; label: string }
  /** The button under the error, when it should differ from `action`. */
  errorAction?: { href: string; label: string }
  icon: ReactNode
}

export function PaymentResult({ state, title, rows, action, errorAction, icon }: Props) {
  if (state.kind === 'loading') return <PageSpinner label="Loading…" />
  const button = state.kind === 'error' ? (errorAction ?? action) : action
  return (
    <main className="page stack center">
      {state.kind === 'error' ? (
        <p className="error-text" role="alert">
          {LOAD_DETAILS_ERROR}
        </p>
      ) : (
        <>
          {icon}
          <h1>{title}</h1>
          <dl className="card stack" style={{ textAlign: 'left', margin: 0 }}>
            {rows(state.details).map(([label, value]) => (
              <div className="row" key={label} style={{ justifyContent: 'space-between' }}>
                <dt className="muted">{label}</dt>
                <dd style={{ margin: 0, fontWeight: 600, wordBreak: 'break-all' }}>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <Link href={button.href} className="btn">
        {button.label}
      </Link>
    </main>
  )
}

/** The round status mark of a result page: a filled circle of `color` with a white `path`. */
export function ResultIcon({ color, path }: { color: string; path: string }) {
  return (
    <svg width="64" height="64" viewBox="0 0 24 24" aria-hidden="true" style={{ margin: '0 auto' }}>
      <circle cx="12" cy="12" r="11" fill={color} />
      <path d={path} fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  )
}
