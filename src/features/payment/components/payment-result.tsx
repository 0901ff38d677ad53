/**
 * The shared body of the payment result pages (docs/product.md#transparency): Loading, then what the server's
 * record of the order says — paid, not received yet, failed — or that no such payment was found.
 * The page the visitor landed on (`page`) only decides the words for a paid or failed order; an
 * address never makes a pending order look paid.
 */
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { PageSkeleton } from '@/components/skeleton'
import { formatRupees } from '@contract/rules'
import type { TransactionDetails, TransactionState } from '../lib/use-transaction-details'
import { LOAD_DETAILS_ERROR, NOT_FOUND_TITLE, NOT_RECEIVED_TITLE } from '../messages'
import { msg, t } from '@/i18n/i18n'

interface Props {
  state: TransactionState
  /** The route: '/payment-success' or '/payment-fail'. */
  page: 'success' | 'fail'
}

const STATUS_TEXT: Record<TransactionDetails['status'], string> = {
  confirmed: msg('Paid'),
  pending: msg('Waiting for confirmation'),
  rejected: msg('Not received'),
  cancelled: msg('Cancelled (paid by another order)'),
  expired: msg('Expired (not paid within 24 hours)'),
}

const DASHBOARD = { href: '/dashboard', label: msg('Go to Dashboard') }

/** The payment method's name: 'UPI' stays as it is, a card payment is named in the language. */
const methodName = (method: string): string => (method === 'Card' ? t('Card') : method)

export function PaymentResult({ state, page }: Props) {
  if (state.kind === 'loading') return <PageSkeleton />
  if (state.kind === 'error')
    return (
      <Layout button={DASHBOARD}>
        <h1>{t('Payment details')}</h1>
        <p className="error-text" role="alert">
          {t(LOAD_DETAILS_ERROR)}
        </p>
      </Layout>
    )
  if (state.kind === 'not-found')
    return (
      <Layout button={DASHBOARD}>
        <h1>{t(NOT_FOUND_TITLE)}</h1>
        <p className="muted">
          {state.reason === 'no-order-id'
            ? t(
                'This page shows a payment by its order number, and none was given. Open it from the payment you made.',
              )
            : t(
                'None of your payments has this order number. If you paid, your wallet lists every payment and its status.',
              )}
        </p>
      </Layout>
    )
  const d = state.details
  const retry = d.method === 'Card' ? '/payment' : '/deposit-fee'
  if (d.status === 'confirmed')
    return (
      <Layout
        icon={<ResultIcon color="#0b7a3e" path="M7 12.5l3 3 7-7" />}
        button={{ href: '/dashboard', label: msg('Confirm Payment') }}
      >
        <h1>{page === 'success' ? t('Ticket Payment Successful') : t('Payment received')}</h1>
        <Rows
          rows={[
            [msg('Transaction number'), d.transactionNumber],
            [msg('Amount paid'), formatRupees(d.amount)],
            [msg('Payment method'), methodName(d.method)],
          ]}
        />
      </Layout>
    )
  if (d.status === 'pending')
    return (
      <Layout button={{ href: '/wallet', label: msg('Open Wallet') }}>
        <h1>{t(NOT_RECEIVED_TITLE)}</h1>
        <p className="muted">
          {t('We confirm a payment once it reaches us; your wallet shows it as soon as it does.')}
        </p>
        <Rows
          rows={[
            [msg('Order'), d.orderId],
            [msg('Amount due'), formatRupees(d.amount)],
            [msg('Status'), t(STATUS_TEXT.pending)],
          ]}
        />
      </Layout>
    )
  return (
    <Layout
      icon={<ResultIcon color="#b3261e" path="M8 8l8 8M16 8l-8 8" />}
      button={{ href: retry, label: msg('Retry Payment') }}
    >
      <h1>{t('Payment Failed')}</h1>
      <Rows
        rows={[
          [msg('Amount attempted'), formatRupees(d.amount)],
          [msg('Payment method'), methodName(d.method)],
          [msg('Status'), t(STATUS_TEXT[d.status])],
        ]}
      />
    </Layout>
  )
}

function Layout(props: {
  icon?: ReactNode
  button: { href: string; label: string }
  children: ReactNode
}) {
  return (
    <main className="page stack center">
      {props.icon}
      {props.children}
      <Link href={props.button.href} className="btn">
        {t(props.button.label)}
      </Link>
    </main>
  )
}

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="card stack" style={{ textAlign: 'left', margin: 0 }}>
      {rows.map(([label, value]) => (
        <div className="row" key={label} style={{ justifyContent: 'space-between' }}>
          <dt className="muted">{t(label)}</dt>
          <dd style={{ margin: 0, fontWeight: 600, wordBreak: 'break-all' }}>{value}</dd>
        </div>
      ))}
    </dl>
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
