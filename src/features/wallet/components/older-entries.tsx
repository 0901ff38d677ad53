/**
 * The wallet's older coin movements, page by page (DECISIONS §4: every movement, at any length of
 * history): a page loads when the end of the list scrolls into view, or on the button (no
 * IntersectionObserver, or a keyboard user). Starts from the first page's `next`; the button
 * goes once the oldest row is in.
 */
import { useEffect, useRef, useState } from 'react'
import { msg, t } from '@/i18n/i18n'
import { logFailure } from '@/lib/log-failure'
import type { LedgerEntry } from '@contract/api/earning'
import { getWalletPage } from '../api/get-wallet-page'
import { LedgerList } from './wallet-lists'

export const OLDER_FAILED = msg('Could not load older movements. Please try again.')

export function OlderEntries({ next }: { next: string | null }) {
  const [entries, setEntries] = useState<LedgerEntry[]>([])
  const [cursor, setCursor] = useState(next)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const end = useRef<HTMLButtonElement>(null)

  const loadMore = async () => {
    if (!cursor || loading) return
    setLoading(true)
    try {
      const page = await getWalletPage(cursor)
      setEntries((shown) => [...shown, ...page.entries])
      setCursor(page.next)
      setFailed(false)
    } catch (err) {
      logFailure('older wallet page failed', err)
      setFailed(true)
    } finally {
      setLoading(false)
    }
  }

  useEffect(() => {
    const button = end.current
    if (!button || failed || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting)) void loadMore()
    })
    observer.observe(button)
    return () => observer.disconnect()
  })

  return (
    <>
      {entries.length > 0 ? <LedgerList entries={entries} /> : null}
      {failed ? (
        <p className="error-text" role="alert">
          {t(OLDER_FAILED)}
        </p>
      ) : null}
      {cursor ? (
        <button
          ref={end}
          type="button"
          className="btn btn-secondary"
          disabled={loading}
          onClick={() => void loadMore()}
        >
          {loading ? t('Loading…') : t('Show older movements')}
        </button>
      ) : null}
    </>
  )
}
