/** The wallet's lists (DECISIONS §4): ledger rows, withdrawals, orders and what the outbox holds. */
import { Link } from 'wouter'
import { formatRupees } from '@contract/rules'
import { formatCoins, formatDateTime, formatDueDay } from '@/i18n/format'
import { describeOutboxError } from '@/lib/outbox/outbox'
import type { OutboxItem } from '@/lib/outbox/outbox-types'
import type { LedgerEntry, WalletOrder, WalletWithdrawal } from '../api/get-wallet'
import { currentLocale, msg, t } from '@/i18n/i18n'
import { OperatorReason } from '@/components/operator-reason'

/** Words for the ledger kinds of the earning contract. */
export const KIND_LABELS: Record<string, string> = {
  video_reward: msg('Video reward'),
  signup_bonus: msg('Signup bonus'),
  referral_reward: msg('Referral reward'),
  withdrawal_hold: msg('Withdrawal'),
  transfer_fee: msg('Transfer fee'),
  withdrawal_return: msg('Failed payout returned'),
  platform_fee: msg('Platform fee payment'),
  platform_fee_refund: msg('Platform fee refund'),
  membership_deposit: msg('Membership deposit'),
  // An operator's correction with its reason in the description.
  manual_adjustment: msg('Adjustment by support'),
}

/**
 * A ledger row's description as the server wrote it ("Reward for watching video 12"), in English:
 * shown on English pages; on a Hindi page only an operator's adjustment keeps it (its reason, in
 * the operator's words), the others read by their translated kind, amount, status and date.
 */
function rowDescription(entry: Pick<LedgerEntry, 'kind' | 'description'>): string {
  return currentLocale() === 'en' || entry.kind === 'manual_adjustment' ? entry.description : ''
}

/** A ledger kind in words (the kind's own name when it has none). */
const kindLabel = (kind: string): string => {
  const label = KIND_LABELS[kind]
  return label ? t(label) : kind
}

const when = (iso: string | number): string => formatDateTime(iso)

/** Signed coins with their rupee value: "+500 coins (₹5)" / "−1,000 coins (₹10)". */
export function signedCoins(coins: number): string {
  if (coins === 0) return formatCoins(0)
  return `${coins > 0 ? '+' : '−'}${formatCoins(Math.abs(coins))}`
}

/**
 * A ledger row's amount: its coins, or for a payment row that moves no coins (a fee or deposit
 * paid, a fee refunded) the rupees paid — never "0 coins (₹0)".
 */
export function entryAmount(entry: Pick<LedgerEntry, 'coins' | 'rupees'>): string {
  if (entry.coins === 0 && entry.rupees) return formatRupees(entry.rupees)
  return signedCoins(entry.coins)
}

/** What each stored status reads as (the ledger's, the withdrawals' and the orders'). */
const STATUS_WORDS: Record<string, string> = {
  pending: msg('pending'),
  confirmed: msg('confirmed'),
  failed: msg('failed'),
  requested: msg('requested'),
  paid: msg('paid'),
  rejected: msg('rejected'),
  expired: msg('expired'),
  cancelled: msg('closed'),
}

function Status({ status }: { status: string }) {
  const word = STATUS_WORDS[status]
  return <span className={`status status-${status}`}>{word ? t(word) : status}</span>
}

/** "expected by 28 Nov" for a requested payout; "was due 28 Nov" once the date has passed. */
export function payoutDue(
  w: Pick<WalletWithdrawal, 'status' | 'due_at'>,
  now = new Date(),
): string | null {
  if (w.status !== 'requested' || !w.due_at) return null
  const date = formatDueDay(w.due_at, now)
  return Date.parse(w.due_at) > now.getTime()
    ? t('expected by {date}', { date })
    : t('was due {date}: we are on it', { date })
}

export function LedgerList({ entries }: { entries: LedgerEntry[] }) {
  if (entries.length === 0) return <p className="muted">{t('No coin movements yet.')}</p>
  return (
    <ul className="wallet-list" aria-label={t('Coin movements')}>
      {entries.map((e) => (
        <li key={e.id} className="wallet-row" data-testid="ledger-row">
          <div className="wallet-row-main">
            <strong>{kindLabel(e.kind)}</strong>
            <span className={e.coins < 0 ? 'amount-out' : 'amount-in'}>{entryAmount(e)}</span>
          </div>
          <div className="wallet-row-sub muted">
            <span>{rowDescription(e)}</span>
            <Status status={e.status} />
          </div>
          {e.reference ? (
            <div className="wallet-row-sub muted">
              {t('UPI reference: {reference}', { reference: e.reference })}
            </div>
          ) : null}
          <div className="wallet-row-sub muted">{when(e.created_at)}</div>
        </li>
      ))}
    </ul>
  )
}

export function WithdrawalList({ withdrawals }: { withdrawals: WalletWithdrawal[] }) {
  if (withdrawals.length === 0) return <p className="muted">{t('No withdrawals yet.')}</p>
  return (
    <ul className="wallet-list" aria-label={t('Withdrawals')}>
      {withdrawals.map((w) => (
        <li key={w.id} className="wallet-row" data-testid="withdrawal-row">
          <div className="wallet-row-main">
            <strong>
              {t('{rupees} to {upi}', { rupees: formatRupees(w.amount), upi: w.upi_id })}
            </strong>
            <Status status={w.status} />
          </div>
          {payoutDue(w) ? (
            <div className="wallet-row-sub" data-testid="payout-due">
              {payoutDue(w)}
            </div>
          ) : null}
          <div className="wallet-row-sub muted">
            {t('Fee {fee}', { fee: formatRupees(w.fee) })} · {when(w.created_at)}
          </div>
          {w.upi_reference ? (
            <div className="wallet-row-sub">
              {t('UPI reference: {reference}', { reference: w.upi_reference })}
            </div>
          ) : null}
          {w.status === 'failed' && w.reason ? (
            <div className="wallet-row-sub">
              <OperatorReason reason={w.reason} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

export function OrderList({ orders }: { orders: WalletOrder[] }) {
  if (orders.length === 0) return <p className="muted">{t('No payments yet.')}</p>
  return (
    <ul className="wallet-list" aria-label={t('Payments')}>
      {orders.map((o) => (
        <li key={o.order_id} className="wallet-row" data-testid="order-row">
          <div className="wallet-row-main">
            <strong>
              {o.purpose === 'platform_fee' ? t('Platform fee') : t('Membership plan')}{' '}
              {formatRupees(o.amount)}
            </strong>
            <Status status={o.status} />
          </div>
          <div className="wallet-row-sub muted">
            {t('Order {id}', { id: o.order_id })} · {when(o.created_at)}
          </div>
          {o.utr ? (
            <div className="wallet-row-sub muted">
              {t('Your UPI reference: {reference}', { reference: o.utr })}
            </div>
          ) : null}
          {o.status === 'rejected' && o.reason ? (
            <div className="wallet-row-sub">
              <OperatorReason reason={o.reason} />
            </div>
          ) : null}
          {o.status === 'pending' && !o.utr ? (
            <div className="wallet-row-sub">
              <Link href={`/m-payment?order_id=${encodeURIComponent(o.order_id)}`}>
                {t('Pay or enter your UPI reference')}
              </Link>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

export function OutboxList({
  items,
  onDismiss,
}: {
  items: OutboxItem[]
  onDismiss(id: string): void
}) {
  if (items.length === 0) return null
  return (
    <ul className="wallet-list" aria-label={t('Waiting to be sent')}>
      {items.map((item) => (
        <li key={item.id} className="wallet-row" data-testid="outbox-row">
          <div className="wallet-row-main">
            <strong>
              {item.kind === 'reward'
                ? t('Video reward claim')
                : t('Withdrawal of {rupees} to {upi}', {
                    rupees: formatRupees(Number(item.body.amount ?? 0)),
                    upi: String(item.body.upi_id ?? ''),
                  })}
            </strong>
            <Status status={item.state === 'failed' ? 'failed' : 'pending'} />
          </div>
          {item.state === 'failed' ? (
            <div className="wallet-row-sub">
              <span className="error-text">{describeOutboxError(item)}</span>
              <button type="button" className="link-button" onClick={() => onDismiss(item.id)}>
                {t('Dismiss')}
              </button>
            </div>
          ) : (
            <div className="wallet-row-sub muted">
              {t('Saved on this phone {when}; sent when the connection allows.', {
                when: when(item.createdAt),
              })}
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
