/**
 * The business rules of docs/product.md#rules, in one place. The API enforces them and serves them at
 * `GET /api/v1/config/`; the PWA renders the served copy (kept for offline use) and falls back to
 * these defaults. No DOM and no Node imports: both sides import this file.
 */
import type { Rules } from './api/system'

/** The rules a user reads and the server enforces (their schema: contract/system.ts). */
export type { Rules }

/** The defaults of docs/product.md#rules. */
export const DEFAULT_RULES: Rules = {
  coinsPerRupee: 100,
  referralRewardReferrerCoins: 100,
  referralRewardFriendCoins: 100,
  signupBonusCoins: 10_000,
  withdrawMinBalanceRupees: 999,
  withdrawMinVideos: 25,
  withdrawMinReferrals: 3,
  withdrawRequiresPlatformFee: true,
  platformFeeRupees: 99,
  platformFeeRefundDays: 90,
  transferFeeRupees: 1,
  referralRewardAfterVideos: 3,
  signupsPerDevicePerDay: 3,
  signupsPerAddressPerDay: 30,
  withdrawalTime: '',
}

/** Converts integer coins to rupees (may be fractional: 150 coins is ₹1.5). */
export function coinsToRupees(
  coins: number,
  rules: Pick<Rules, 'coinsPerRupee'> = DEFAULT_RULES,
): number {
  return coins / rules.coinsPerRupee
}

/** Converts whole rupees to integer coins. */
export function rupeesToCoins(
  rupees: number,
  rules: Pick<Rules, 'coinsPerRupee'> = DEFAULT_RULES,
): number {
  return Math.round(rupees * rules.coinsPerRupee)
}

/**
 * Formats a number the en-IN way (Indian digit grouping: 1,00,000) with `fractionDigits` decimals
 * (rounded as `toFixed` does), the same text as `toLocaleString('en-IN')`/`Intl.NumberFormat`.
 * Written out because the first `Intl.NumberFormat` of a page loads ICU locale data, one of the
 * longest tasks of a cold start on a slow phone (TBT); a unit test checks it against Intl.
 */
export function formatIndianNumber(value: number, fractionDigits = 0): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(fractionDigits).split('.')
  // The last three digits, then groups of two: 12345678 → 1,23,45,678.
  const grouped =
    whole.length <= 3
      ? whole
      : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`
  const negative = value < 0 && /[1-9]/.test(whole + (fraction ?? ''))
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`
}

/** Formats rupees as en-IN INR: no decimals for whole rupees (docs/product.md#rules), two otherwise. */
export function formatRupees(rupees: number): string {
  const text = formatIndianNumber(Math.abs(rupees), Number.isInteger(rupees) ? 0 : 2)
  return rupees < 0 && /[1-9]/.test(text) ? `-₹${text}` : `₹${text}`
}

/** Formats integer coins with their rupee value beside them (docs/product.md#units): "1,500 coins (₹15)". */
export function formatCoins(
  coins: number,
  rules: Pick<Rules, 'coinsPerRupee'> = DEFAULT_RULES,
): string {
  return `${formatIndianNumber(coins)} coins (${formatRupees(coinsToRupees(coins, rules))})`
}

/** Formats seconds as m:ss (docs/product.md#rules), e.g. 75 → "1:15". */
export function formatTimer(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** The withdrawal conditions a user must meet, as enforced (docs/product.md#rules, #transparency). */
export interface WithdrawalCondition {
  key: 'balance' | 'videos' | 'referrals' | 'platformFee'
  text: string
}

/** Lists every withdrawal condition that is switched on, in the words shown before paying. */
export function withdrawalConditions(rules: Rules): WithdrawalCondition[] {
  const list: WithdrawalCondition[] = []
  if (rules.withdrawMinBalanceRupees > 0)
    list.push({
      key: 'balance',
      text: `A balance of at least ${formatRupees(rules.withdrawMinBalanceRupees)} (${formatIndianNumber(rupeesToCoins(rules.withdrawMinBalanceRupees, rules))} coins)`,
    })
  if (rules.withdrawMinVideos > 0)
    list.push({ key: 'videos', text: `At least ${rules.withdrawMinVideos} videos watched` })
  if (rules.withdrawMinReferrals > 0)
    list.push({
      key: 'referrals',
      text: `At least ${rules.withdrawMinReferrals} friends referred who verified their email`,
    })
  if (rules.withdrawRequiresPlatformFee)
    list.push({
      key: 'platformFee',
      text: `The one-time platform fee of ${formatRupees(rules.platformFeeRupees)} paid (refundable within ${rules.platformFeeRefundDays} days)`,
    })
  return list
}
