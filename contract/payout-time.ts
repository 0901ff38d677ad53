/**
 * Payout time words (docs/product.md#rules "withdrawal time"): each plan's `withdrawl_days`, the general
 * range computed from the plans (never written by hand), and the due date shown in the wallet. No
 * DOM and no Node imports: the PWA and the API both use this file.
 */

/** "1 day", "5 days". */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/**
 * The range of the plans' payout times: "1 to 7 days", "3 days" when every plan has the same,
 * null when there are no plans. `plans` carries `withdrawl_days` (the product’s spelling).
 */
export function payoutTimeRange(plans: readonly { withdrawl_days: number }[]): string | null {
  const days = plans.map((p) => Number(p.withdrawl_days)).filter((d) => Number.isFinite(d) && d > 0)
  if (days.length === 0) return null
  const min = Math.min(...days)
  const max = Math.max(...days)
  return min === max ? formatDays(min) : `${min} to ${formatDays(max)}`
}

const DAY_MS = 86_400_000

/**
 * When a withdrawal requested at `requestedAt` is due: `days` (its plan's `withdrawl_days`) days
 * later, as ISO text (docs/product.md#withdrawals). The server stores it; the review sheet shows
 * the same date before the request is sent.
 */
export function dueAt(requestedAt: Date, days: number): string {
  return new Date(requestedAt.getTime() + days * DAY_MS).toISOString()
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * A due date as India reads it (Asia/Kolkata, UTC+5:30): "28 Nov", with the year when it is not
 * the year of `now` ("3 Jan 2027"). `iso` is an ISO timestamp.
 */
export function formatDueDate(iso: string, now: Date = new Date()): string {
  const shift = 330 * 60_000
  const at = new Date(Date.parse(iso) + shift)
  const today = new Date(now.getTime() + shift)
  const text = `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}`
  return at.getUTCFullYear() === today.getUTCFullYear() ? text : `${text} ${at.getUTCFullYear()}`
}
