/**
 * The wallet's lists (docs/product.md#transparency): ledger rows, withdrawals, orders, and what the outbox holds
 * (waiting, or refused with the server's reason). Every row is a ListRow: title and amount, date
 * and status chip, details under them.
 */
import { Link } from 'wouter'
import { formatRupees } from '@contract/rules'
import { amountParts, formatDateTime, formatDueDay } from '@/i18n/format'
import { describeOutboxError } from '@/lib/outbox/outbox'
import type { OutboxItem } from '@/lib/outbox/outbox-types'
import { WITHDRAWAL_KIND } from '@/lib/outbox/queued-withdrawals'
import type { LedgerEntry, WalletOrder, WalletWithdrawal } from '../api/get-wallet'
import { currentLocale, msg, t } from '@/i18n/i18n'
import { OperatorReason } from '@/components/operator-reason'
import { ListRow, RowList, type AmountTone } from '@/components/list-row'
import { EmptyState } from '@/components/empty-state'

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

/**
 * A signed movement of coins as the wallet shows it, rupees first with the coins beside
 * (docs/product.md#units), two parts that each stay on one line:
 * ["+₹5", "(500 coins)"] / ["−₹10", "(1,000 coins)"].
 */
export function signedCoinParts(coins: number, coinsPerRupee = 100): string[] {
  const parts = amountParts(coins, 'rupees', { coinsPerRupee }, { sign: true })
  return [parts.lead, `(${parts.beside})`]
}

/**
 * A ledger row's amount: its coins, or for a payment row that moves no coins (a fee or deposit
 * paid, a fee refunded) the rupees paid — never "0 coins (₹0)".
 */
export function entryAmount(entry: Pick<LedgerEntry, 'coins' | 'rupees'>): string[] {
  if (entry.coins === 0 && entry.rupees) return [formatRupees(entry.rupees)]
  return signedCoinParts(entry.coins)
}

const tone = (coins: number): AmountTone => (coins > 0 ? 'in' : coins < 0 ? 'out' : 'none')

/**
 * "expected by 28 Nov" for a payout not yet made, requested or held for review (the review keeps
 * the promised date); "was due 28 Nov" once the date has passed.
 */
export function payoutDue(
  w: Pick<WalletWithdrawal, 'status' | 'due_at'>,
  now = new Date(),
): string | null {
  if ((w.status !== 'requested' && w.status !== 'held') || !w.due_at) return null
  const date = formatDueDay(w.due_at, now)
  return Date.parse(w.due_at) > now.getTime()
    ? t('expected by {date}', { date })
    : t('was due {date}: we are on it', { date })
}

/** "To name@bank". */
function ToUpi({ upi }: { upi: string }) {
  return <p>{t('To {upi}', { upi })}</p>
}

export function LedgerList({ entries }: { entries: LedgerEntry[] }) {
  if (entries.length === 0) return <EmptyState text={t('No coin movements yet.')} />
  return (
    <RowList label={t('Coin movements')}>
      {entries.map((e) => {
        const description = rowDescription(e)
        return (
          <ListRow
            key={e.id}
            testId="ledger-row"
            title={kindLabel(e.kind)}
            amount={entryAmount(e)}
            amountTone={tone(e.coins)}
            status={e.status}
            date={when(e.created_at)}
          >
            {description ? <p>{description}</p> : null}
            {e.reference ? (
              <p>{t('UPI reference: {reference}', { reference: e.reference })}</p>
            ) : null}
          </ListRow>
        )
      })}
    </RowList>
  )
}

export function WithdrawalList({ withdrawals }: { withdrawals: WalletWithdrawal[] }) {
  if (withdrawals.length === 0) return <EmptyState text={t('No withdrawals yet.')} />
  return (
    <RowList label={t('Withdrawals')}>
      {withdrawals.map((w) => {
        const due = payoutDue(w)
        return (
          <ListRow
            key={w.id}
            testId="withdrawal-row"
            title={t('Withdrawal')}
            amount={[formatRupees(w.amount)]}
            status={w.status}
            date={when(w.created_at)}
          >
            <ToUpi upi={w.upi_id} />
            <p className="muted">{t('Fee {fee}', { fee: formatRupees(w.fee) })}</p>
            {due ? <p data-testid="payout-due">{due}</p> : null}
            {w.upi_reference ? (
              <p>{t('UPI reference: {reference}', { reference: w.upi_reference })}</p>
            ) : null}
            {(w.status === 'failed' || w.status === 'rejected') && w.reason ? (
              <OperatorReason reason={w.reason} />
            ) : null}
          </ListRow>
        )
      })}
    </RowList>
  )
}

export function OrderList({ orders }: { orders: WalletOrder[] }) {
  if (orders.length === 0) return <EmptyState text={t('No payments yet.')} />
  return (
    <RowList label={t('Payments')}>
      {orders.map((o) => (
        <ListRow
          key={o.order_id}
          testId="order-row"
          title={o.purpose === 'platform_fee' ? t('Platform fee') : t('Membership plan')}
          amount={[formatRupees(o.amount)]}
          status={o.status}
          date={when(o.created_at)}
        >
          <p className="muted">{t('Order {id}', { id: o.order_id })}</p>
          {o.utr ? (
            <p className="muted">{t('Your UPI reference: {reference}', { reference: o.utr })}</p>
          ) : null}
          {o.status === 'rejected' && o.reason ? <OperatorReason reason={o.reason} /> : null}
          {o.status === 'pending' && !o.utr ? (
            <Link href={`/m-payment?order_id=${encodeURIComponent(o.order_id)}`}>
              {t('Pay or enter your UPI reference')}
            </Link>
          ) : null}
        </ListRow>
      ))}
    </RowList>
  )
}

/** An outbox item's title and amount. */
function itemHead(item: OutboxItem): { title: string; amount?: string[]; upi?: string } {
  if (item.kind !== WITHDRAWAL_KIND) return { title: t('Video reward claim') }
  return {
    title: t('Withdrawal'),
    amount: [formatRupees(Number(item.body.amount ?? 0))],
    upi: String(item.body.upi_id ?? ''),
  }
}

/** Requests saved on this phone and not yet sent. */
export function OutboxList({ items }: { items: OutboxItem[] }) {
  if (items.length === 0) return null
  return (
    <RowList label={t('Waiting to be sent')}>
      {items.map((item) => {
        const head = itemHead(item)
        return (
          <ListRow
            key={item.id}
            testId="outbox-row"
            title={head.title}
            amount={head.amount}
            status="pending"
            date={when(item.createdAt)}
          >
            {head.upi ? <ToUpi upi={head.upi} /> : null}
            <p className="muted">{t('Saved on this phone; sent when the connection allows.')}</p>
          </ListRow>
        )
      })}
    </RowList>
  )
}

/** Requests the server refused after they were queued: why, and a way to clear them. */
export function RefusedList({
  items,
  onDismiss,
}: {
  items: OutboxItem[]
  onDismiss(id: string): void
}) {
  if (items.length === 0) return null
  return (
    <RowList label={t('Refused')}>
      {items.map((item) => {
        const head = itemHead(item)
        return (
          <ListRow
            key={item.id}
            testId="refused-row"
            title={head.title}
            amount={head.amount}
            status="refused"
            date={when(item.createdAt)}
          >
            {head.upi ? <ToUpi upi={head.upi} /> : null}
            <p className="error-text">{describeOutboxError(item)}</p>
            <button type="button" className="link-button" onClick={() => onDismiss(item.id)}>
              {t('Dismiss')}
            </button>
          </ListRow>
        )
      })}
    </RowList>
  )
}
