/**
 * Says how old the data on screen is: "Saved at 9:41 pm" while it is the copy this phone saved
 * before the page was opened (drawn in the first frame from IndexedDB, or kept because the last
 * fetch failed), "Updated just now" once the server's answer has replaced it. Text only, so a
 * screen draws it in its first frame, before its Refresh button's code (./refresh-control.tsx).
 */
import { useEffect, useState } from 'react'
import { t } from '@/i18n/i18n'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** When this page was opened (ms since the epoch): data fetched before then is a saved copy. */
const pageOpenedAt = typeof performance === 'undefined' ? 0 : performance.timeOrigin

/**
 * When data saved at `savedAt` (ms since epoch) was saved, in words relative to `now` (ms):
 * "just now", "5 min ago", else "23 Nov, 14:05" in the phone's time zone. Written out rather than
 * through Intl, whose first use on a page loads locale data in one long task (README).
 */
export function formatSavedAt(savedAt: number, now: number): string {
  const minutes = Math.floor((now - savedAt) / 60_000)
  if (minutes < 1) return t('just now')
  if (minutes < 60) return t('{minutes} min ago', { minutes })
  return formatSavedDate(savedAt)
}

/** The date and time `savedAt` (ms since epoch) on the phone's clock: "23 Nov, 14:05". */
export function formatSavedDate(savedAt: number): string {
  const d = new Date(savedAt)
  const hh = String(d.getHours()).padStart(2, '0')
  const mm = String(d.getMinutes()).padStart(2, '0')
  return `${d.getDate()} ${MONTHS[d.getMonth()]}, ${hh}:${mm}`
}

/**
 * The moment `savedAt` (ms since epoch) on the phone's clock: "9:41 pm" on the day of `now` (ms),
 * else "23 Nov, 21:41".
 */
export function formatSavedTime(savedAt: number, now: number): string {
  const d = new Date(savedAt)
  if (d.toDateString() !== new Date(now).toDateString()) return formatSavedDate(savedAt)
  const mm = String(d.getMinutes()).padStart(2, '0')
  const hour = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12
  return `${hour}:${mm} ${d.getHours() < 12 ? t('am') : t('pm')}`
}

interface Props {
  /** When the shown data was fetched (ms since epoch); null: not known. */
  savedAt: number | null
  /** Whether the last fetch failed, so the shown data is the saved copy however recent. */
  stale?: boolean
}

export function SavedCopyLabel({ savedAt, stale = false }: Props) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  const at = Math.max(now, savedAt ?? 0)
  return (
    <span
      className="muted"
      role="status"
      data-testid="saved-copy-label"
      // A screen's last frame says this line's time as a date (src/app/last-frame-recorder.ts).
      data-saved-at={savedAt ?? undefined}
    >
      {savedAt === null
        ? ''
        : stale || savedAt < pageOpenedAt
          ? t('Saved at {time}', { time: formatSavedTime(savedAt, at) })
          : t('Updated {when}', { when: formatSavedAt(savedAt, at) })}
    </span>
  )
}
