/**
 * Fresh data on demand: says when the shown data was saved (./saved-copy-label.tsx) beside a
 * Refresh button; pulling the page down from its top does the same on a
 * touch screen (`usePullToRefresh`). The screen passes what to reload.
 */
import { useEffect, useRef, useState } from 'react'
import { RefreshCw } from 'lucide-react'
import { t } from '@/i18n/i18n'
import { SavedCopyLabel } from './saved-copy-label'

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
  const refresh = () => {
    if (busy) return
    setBusy(true)
    void onRefresh()
      .catch(() => undefined)
      .finally(() => setBusy(false))
  }
  usePullToRefresh(refresh)
  return (
    <div className="refresh-control" data-testid="refresh-control">
      {busy ? (
        <span className="muted" role="status">
          {t('Refreshing…')}
        </span>
      ) : (
        <SavedCopyLabel savedAt={savedAt} stale={stale} />
      )}
      <button type="button" className="btn btn-ghost btn-small" onClick={refresh} disabled={busy}>
        <RefreshCw aria-hidden="true" size={18} className={busy ? 'spinning' : undefined} />
        {t('Refresh')}
      </button>
    </div>
  )
}
