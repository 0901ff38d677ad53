/** Time helpers the domains share: India's day and ISO timestamps as the database stores them. */

/** India's day (Asia/Kolkata, UTC+5:30, no daylight saving) of `at`, as 'YYYY-MM-DD'. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10)
}

/** `date` plus `ms` milliseconds, as the ISO text the timestamp columns hold. */
export function isoAfter(date: Date, ms: number): string {
  return new Date(date.getTime() + ms).toISOString()
}
