/**
 * Fresh data on demand: says when the shown data was saved ("Updated 2 min ago", or the date of an
 * offline copy) beside a Refresh button; pulling the page down from its top does the same on a
 * touch screen (`usePullToRefresh`). The screen passes what to reload.
 */
import { useEffect, useRef, useState } from 'react'
import { RefreshCw } from 'lucide-react'
import { t } from '@/i18n/i18n'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * When data saved at `savedAt` (ms since epoch) was saved, in words relative to `now` (ms):
 * "just now", "5 min ago", else "23 Nov, 14:05" in the phone's time zone. Written out rather than
 * through Intl, whose first use on a page loads locale data in one long task (README).
 */
export function formatSavedAt(savedAt: number, now: number): string {
  const minutes = Math.floor((now - savedAt) / 60_000)
  if (minutes < 1) return t('just now')
  if (minutes < 60) return t('{minutes} min ago', { minutes })
  const d = new Date(savedAt)
  const hh = String(d.getHours()).padStart(2, '0')
  const mm = String(d.getMinutes()).padStart(2, '0')
  return `${d.getDate()} ${MONTHS[d.getMonth()]}, ${hh}:${mm}`
}

/** Pull-to-refresh: a downward drag of PULL_PX or more that starts at the page's top calls `onPull`. */
export const PULL_PX = 80

export function usePullToRefresh(onPull: () => void): void {
  const latest = useRef(onPull)
  useEffect(() => {
    latest.current = onPull
  })
  useEffect(() => {
    let startY: number | null = null
    const start = (event: TouchEvent) => {
      startY =
        window.scrollY <= 0 && event.touches.length === 1
          ? (event.touches[0]?.clientY ?? null)
          : null
    }
    const end = (event: TouchEvent) => {
      const y = event.changedTouches[0]?.clientY
      if (startY !== null && y !== undefined && y - startY >= PULL_PX) latest.current()
      startY = null
    }
    window.addEventListener('touchstart', start, { passive: true })
    window.addEventListener('touchend', end, { passive: true })
    return () => {
      window.removeEventListener('touchstart', start)
      window.removeEventListener('touchend', end)
    }
  }, [])
}

interface Props {
  /** When the shown data was fetched (ms since epoch); null: not known. */
  savedAt: number | null
  /** Reloads the data; the button spins until it settles. */
  onRefresh: () => Promise<unknown>
  /** Whether the shown data is a saved copy because the last fetch failed (offline). */
  stale?: boolean
}

export function RefreshControl({ savedAt, onRefresh, stale = false }: Props) {
  const [busy, setBusy] = useState(false)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  const refresh = () => {
    if (busy) return
    setBusy(true)
    void onRefresh()
      .catch(() => undefined)
      .finally(() => {
        setBusy(false)
        setNow(Date.now())
      })
  }
  usePullToRefresh(refresh)
  return (
    <div className="refresh-control" data-testid="refresh-control">
      <span className="muted" role="status">
        {busy
          ? t('Refreshing…')
          : savedAt === null
            ? ''
            : stale
              ? t('Saved copy: {when}', { when: formatSavedAt(savedAt, Math.max(now, savedAt)) })
              : t('Updated {when}', { when: formatSavedAt(savedAt, Math.max(now, savedAt)) })}
      </span>
      <button type="button" className="btn btn-ghost btn-small" onClick={refresh} disabled={busy}>
        <RefreshCw aria-hidden="true" size={18} className={busy ? 'spinning' : undefined} />
        {t('Refresh')}
      </button>
    </div>
  )
}
