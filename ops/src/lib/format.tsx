/**
 * How the console writes amounts, coins, times, ledger kinds and statuses: Indian digit grouping
 * through contract/rules.ts (the same text as the PWA), rupees first with coins beside (a money
 * screen, docs/product.md#units), the date and time with the relative time beside, and a chip per
 * status.
 */
import { createContext, useContext } from 'react'
import {
  DEFAULT_RULES,
  coinsToRupees,
  formatIndianNumber,
  formatRupees,
} from '../../../contract/rules.ts'

/** Coins per rupee in force (a live rule); the console's shell provides the served value. */
export const CoinsPerRupee = createContext(DEFAULT_RULES.coinsPerRupee)

/** "₹1,23,456". */
export const rupees = formatRupees

/** "1,23,456 coins". */
export function coins(value: number): string {
  return `${formatIndianNumber(value)} coins`
}

/** "+500" or "-1,200": a signed change in coins. */
export function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${formatIndianNumber(value)}`
}

/** The rupee value of `value` coins at `coinsPerRupee`, as "₹5" (or "₹1.50"). */
export function coinsInRupees(value: number, coinsPerRupee: number): string {
  return formatRupees(coinsToRupees(value, { coinsPerRupee }))
}

/** "₹15 (1,500 coins)": a coin amount as money, at `coinsPerRupee`, the coins beside. */
export function money(value: number, coinsPerRupee: number): string {
  return `${coinsInRupees(value, coinsPerRupee)} (${coins(value)})`
}

/** A coin amount as money, at the rate in force: "₹15" with "(1,500 coins)" beside. */
export function CoinsText({ value }: { value: number }) {
  const rate = useContext(CoinsPerRupee)
  return (
    <>
      {coinsInRupees(value, rate)} <span className="muted">({coins(value)})</span>
    </>
  )
}

/** A ledger row's rupees and coins as the ledger shows them. */
export interface LedgerAmounts {
  /** "+₹20", "-₹1,000", or "₹499 paid" for a payment by UPI that moved no coins. */
  rupees: string
  /** "+2,000", or "—" when the row moved no coins. */
  coins: string
}

/**
 * The amounts of ledger row `entry`: a payment (plan deposit, platform fee) carries the rupees the
 * user paid and moves no coins; every other row's rupees are its coins at `coinsPerRupee`.
 */
export function ledgerAmounts(
  entry: { coins: number; rupees: number | null },
  coinsPerRupee: number,
): LedgerAmounts {
  if (entry.rupees !== null && entry.coins === 0)
    return { rupees: `${rupees(entry.rupees)} paid`, coins: '—' }
  const value = coinsInRupees(Math.abs(entry.coins), coinsPerRupee)
  return {
    rupees: `${entry.coins > 0 ? '+' : entry.coins < 0 ? '-' : ''}${value}`,
    coins: signed(entry.coins),
  }
}

/** The ledger's kinds (server/db/schema/earning.ts `LedgerKind`) as operators read them. */
const LEDGER_KINDS: Record<string, string> = {
  video_reward: 'Video reward',
  signup_bonus: 'Signup bonus',
  referral_reward: 'Referral reward',
  withdrawal_hold: 'Withdrawal',
  transfer_fee: 'Transfer fee',
  withdrawal_return: 'Withdrawal returned',
  platform_fee: 'Platform fee',
  platform_fee_refund: 'Platform fee refund',
  membership_deposit: 'Plan deposit',
  manual_adjustment: 'Manual adjustment',
}

/** A ledger kind's label; an unknown kind reads as its words ("some_kind" → "Some kind"). */
export function ledgerKind(kind: string): string {
  return LEDGER_KINDS[kind] ?? `${kind.charAt(0).toUpperCase()}${kind.slice(1).replace(/_/g, ' ')}`
}

/** The tone of a status chip: done, waiting or stopped. */
const TONES: Record<string, 'ok' | 'warn' | 'error'> = {
  confirmed: 'ok',
  paid: 'ok',
  approved: 'ok',
  pending: 'warn',
  requested: 'warn',
  held: 'warn',
  expired: 'error',
  rejected: 'error',
  failed: 'error',
  cancelled: 'error',
}

/** A status as a coloured chip ("Requested"), with the words of the status itself. */
export function StatusChip({ status }: { status: string }) {
  const tone = TONES[status] ?? 'neutral'
  return (
    <span className={`chip chip-${tone}`}>
      {status.charAt(0).toUpperCase()}
      {status.slice(1)}
    </span>
  )
}

const exactFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' })

/** "3 h ago", "in 2 d", "just now": `iso` relative to `now` (milliseconds). */
export function relative(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000)
  const abs = Math.abs(seconds)
  if (abs < 60) return 'just now'
  const [value, unit] =
    abs < 3600
      ? [Math.floor(abs / 60), 'min']
      : abs < 86_400
        ? [Math.floor(abs / 3600), 'h']
        : [Math.floor(abs / 86_400), 'd']
  return seconds < 0 ? `${value} ${unit} ago` : `in ${value} ${unit}`
}

/** A time as "26 Nov 2026, 1:44 pm (3 h ago)", for a detail view; "—" for none. */
export function exactTime(iso: string | null): string {
  return iso ? `${exactFormat.format(new Date(iso))} (${relative(iso)})` : '—'
}

/**
 * A time as "27 Nov 2026, 9:51 pm" with "3 h ago" beside (under it in a table cell). The date and
 * the time each stay whole, so a narrow column breaks the line between them, never inside one.
 */
export function When({ iso }: { iso: string | null }) {
  if (!iso) return <span className="muted">—</span>
  const text = exactFormat.format(new Date(iso))
  const comma = text.lastIndexOf(', ')
  return (
    <span className="when">
      <time dateTime={iso}>
        {comma < 0 ? (
          text
        ) : (
          <>
            <span>{text.slice(0, comma + 1)}</span> <span>{text.slice(comma + 2)}</span>
          </>
        )}
      </time>{' '}
      <span className="muted">{relative(iso)}</span>
    </span>
  )
}

/** A user as "Asha Verma" over "asha@example.com" (and "user #12"), for a table's user column. */
export function UserCell({ name, email, id }: { name: string; email: string; id?: number }) {
  return (
    <span className="user-cell">
      <span>{name}</span>
      <span className="muted" title={email}>
        {email}
      </span>
      {id !== undefined && <span className="muted">user #{id}</span>}
    </span>
  )
}
