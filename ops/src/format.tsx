/**
 * How the console writes amounts, coins, times, ledger kinds and statuses: Indian digit grouping
 * through contract/rules.ts (the same text as the PWA), relative times with the exact time on
 * hover, and a chip per status.
 */
import { createContext, useContext } from 'react'
import {
  DEFAULT_RULES,
  coinsToRupees,
  formatIndianNumber,
  formatRupees,
} from '../../contract/rules.ts'

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

/** Coins with their rupee value, at the rate in force: "1,500 coins (₹15)". */
export function CoinsText({ value }: { value: number }) {
  const rate = useContext(CoinsPerRupee)
  return (
    <>
      {coins(value)} <span className="muted">({coinsInRupees(value, rate)})</span>
    </>
  )
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

/** A time as "3 h ago", the exact date and time in its `title` and `dateTime`. */
export function When({ iso }: { iso: string | null }) {
  if (!iso) return <span className="muted">—</span>
  const exact = exactFormat.format(new Date(iso))
  return (
    <time dateTime={iso} title={exact}>
      {relative(iso)}
    </time>
  )
}

/** A user as "Asha Verma" over "asha@example.com" (and "user #12"), for a table's user column. */
export function UserCell({ name, email, id }: { name: string; email: string; id?: number }) {
  return (
    <span className="user-cell">
      <span>{name}</span>
      <span className="muted">{email}</span>
      {id !== undefined && <span className="muted">user #{id}</span>}
    </span>
  )
}
