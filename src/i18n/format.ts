/**
 * Numbers, coins, rupees and dates in the active language: `en-IN` or `hi-IN`. Both write Latin
 * digits in Indian grouping (1,00,000), so numbers and rupees are the same text in either
 * (`formatIndianNumber`, which avoids `Intl.NumberFormat`'s slow first call, a long task: TBT;
 * src/i18n/format.test.ts checks it against Intl for both); the word "coins" and dates differ.
 */
import {
  coinsToRupees,
  DEFAULT_RULES,
  formatIndianNumber,
  formatRupees,
  type Rules,
} from '@contract/rules'
import { formatDueDate } from '@contract/payout-time'
import { currentLocale, intlLocale, t } from './i18n'

export { formatIndianNumber, formatRupees }

/**
 * The unit a screen leads with (docs/product.md#units): rupees on money screens (wallet, withdraw,
 * deposit, platform fee, UPI payment), coins on earning screens (dashboard, reward moment).
 */
export type LeadUnit = 'rupees' | 'coins'

/**
 * Integer `coins` as the two figures a screen shows: the one it leads with and the other beside
 * (docs/product.md#units). Rupees in `en-IN` INR with no decimals for whole rupees ("₹1,300",
 * "₹0.10"); coins in Indian grouping with the word in the active language ("1,30,000 coins" /
 * "1,30,000 कॉइन"). `sign` puts "+" or "−" before the lead figure of a movement (a ledger row).
 */
export function amountParts(
  coins: number,
  lead: LeadUnit,
  rules: Pick<Rules, 'coinsPerRupee'> = DEFAULT_RULES,
  { sign = false }: { sign?: boolean } = {},
): { lead: string; beside: string } {
  const abs = sign ? Math.abs(coins) : coins
  const rupees = formatRupees(coinsToRupees(abs, rules))
  const coinText = t('{coins} coins', { coins: formatIndianNumber(abs) })
  const mark = sign ? (coins > 0 ? '+' : coins < 0 ? '\u2212' : '') : ''
  return lead === 'rupees'
    ? { lead: mark + rupees, beside: coinText }
    : { lead: mark + coinText, beside: rupees }
}

/**
 * Integer `coins` as one text, the lead unit first and the other in brackets
 * (docs/product.md#units): "₹1,300 (1,30,000 coins)" for rupees, "1,30,000 coins (₹1,300)" for
 * coins.
 */
export function formatAmount(
  coins: number,
  lead: LeadUnit,
  rules: Pick<Rules, 'coinsPerRupee'> = DEFAULT_RULES,
): string {
  if (lead === 'coins') return formatCoins(coins, rules)
  const parts = amountParts(coins, lead, rules)
  return `${parts.lead} (${parts.beside})`
}

/** Integer coins with their rupee value (docs/product.md#units): "1,500 coins (₹15)" / "1,500 कॉइन (₹15)". */
export function formatCoins(
  coins: number,
  rules: Pick<Rules, 'coinsPerRupee'> = DEFAULT_RULES,
): string {
  return t('{coins} coins ({rupees})', {
    coins: formatIndianNumber(coins),
    rupees: formatRupees(coinsToRupees(coins, rules)),
  })
}

/**
 * A date and time, e.g. "23 Nov 2026, 1:06 pm" / "23 नव॰ 2026, 13:06" (an ISO string or ms): Hindi
 * on the 24-hour clock, as Intl would otherwise put the English "am"/"pm" in a Hindi date.
 */
export function formatDateTime(when: string | number | Date): string {
  const locale = intlLocale()
  return (
    new Date(when)
      .toLocaleString(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: locale === 'hi-IN' ? 'h23' : undefined,
      })
      // "3:58 pm" never breaks before its "pm" (a narrow row would leave "pm" alone on a line).
      .replace(/\s(am|pm)$/i, '\u00a0$1')
  )
}

/** A day and month, e.g. "28 Nov" / "28 नव॰". */
export function formatDayMonth(when: string | number | Date): string {
  return new Date(when).toLocaleDateString(intlLocale(), { day: 'numeric', month: 'short' })
}

const pluralRules = new Map<string, Intl.PluralRules>()

/**
 * The plural category of the count `n` in the active language ('one' or 'other' in English and
 * Hindi; Hindi's 'one' is 0 and 1), by `Intl.PluralRules` (one per language, kept). A message with
 * a count chooses its words by it, `{form, select, one {{n} day} other {{n} days}}`, instead of
 * ICU's `plural`: Lingui writes a plural's number with `Intl.NumberFormat` even where the message
 * does not show it, and the first one on a page loads ICU's number data in one long task, longer
 * still on a slow phone (TBT).
 */
export function pluralForm(n: number): Intl.LDMLPluralRule {
  const locale = intlLocale()
  let rules = pluralRules.get(locale)
  if (!rules) {
    rules = new Intl.PluralRules(locale)
    pluralRules.set(locale, rules)
  }
  return rules.select(n)
}

/** Days as words: "1 day", "7 days" / "1 दिन", "7 दिन". */
export function formatDays(days: number): string {
  return t('{form, select, one {{days} day} other {{days} days}}', {
    form: pluralForm(days),
    days: formatIndianNumber(days),
  })
}

/**
 * The served payout-time range (`rules.withdrawalTime`, "1 to 7 days" or "3 days", written by the
 * server in English) in the active language; a text of another shape is shown as it is.
 */
export function formatDayRange(range: string): string {
  const match = /^(\d+) to (\d+) days?$/.exec(range) ?? /^(\d+) days?$/.exec(range)
  if (!match) return range
  const [, from, to] = match
  return to === undefined
    ? formatDays(Number(from))
    : t('{from} to {to} days', { from: Number(from), to: Number(to) })
}

/**
 * A payout's due day in India's time (contract/payout-time.ts `formatDueDate`: "28 Nov", with
 * the year when it is not this year's); in Hindi through Intl `hi-IN` ("28 नव॰").
 */
export function formatDueDay(iso: string, now: Date = new Date()): string {
  if (currentLocale() === 'en') return formatDueDate(iso, now)
  const at = new Date(iso)
  const sameYear = formatDueDate(iso, now).split(' ').length === 2
  return at.toLocaleDateString(intlLocale(), {
    day: 'numeric',
    month: 'short',
    year: sameYear ? undefined : 'numeric',
    timeZone: 'Asia/Kolkata',
  })
}
