/**
 * Numbers, coins, rupees and dates in the active language (issue 16): `en-IN` or `hi-IN`. Both
 * write Latin digits in Indian grouping (1,00,000), so numbers and rupees are the same text in
 * either (`formatIndianNumber`, which avoids `Intl.NumberFormat`'s slow first call, TBT issue 5;
 * src/i18n/format.test.ts checks it against Intl for both); the word "coins" and dates differ.
 */
import { coinsToRupees, DEFAULT_RULES, formatIndianNumber, formatRupees, type Rules } from '@/shared/rules'
import { intlLocale, t } from './i18n'

export { formatIndianNumber, formatRupees }

/** Integer coins with their rupee value (DECISIONS §5): "1,500 coins (₹15)" / "1,500 कॉइन (₹15)". */
export function formatCoins(coins: number, rules: Pick<Rules, 'coinsPerRupee'> = DEFAULT_RULES): string {
  return t('{coins} coins ({rupees})', {
    coins: formatIndianNumber(coins),
    rupees: formatRupees(coinsToRupees(coins, rules)),
  })
}

/** A date and time, e.g. "23 Nov 2026, 1:06 pm" / "23 नव॰ 2026, 1:06 pm" (an ISO string or ms). */
export function formatDateTime(when: string | number | Date): string {
  return new Date(when).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' })
}

/** A day and month, e.g. "28 Nov" / "28 नव॰". */
export function formatDayMonth(when: string | number | Date): string {
  return new Date(when).toLocaleDateString(intlLocale(), { day: 'numeric', month: 'short' })
}
