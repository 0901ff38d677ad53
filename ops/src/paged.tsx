/** Loading a filtered, paged list from the console API, and the pager under it. */
import { useCallback, useEffect, useState } from 'react'
import { OpsError, opsCall, type PageOf } from './api.ts'
import { formatIndianNumber } from '../../contract/rules.ts'

export const PAGE_SIZE = 25

/**
 * Loads `path?query&limit&after`, one keyset page at a time: `next()` follows the page's `next`
 * cursor, `previous()` goes back through the cursors visited; `reload()` after an action.
 */
export function usePaged<T>(path: string, query: Record<string, string>) {
  // The `after` of each page visited; the last is the page shown ('' is the first page).
  const [cursors, setCursors] = useState<string[]>([''])
  const [page, setPage] = useState<PageOf<T>>({
    total: 0,
    total_capped: false,
    next: null,
    rows: [],
  })
  const [error, setError] = useState('')
  const [loaded, setLoaded] = useState(false)
  const key = JSON.stringify(query)
  // A new filter starts at the first page.
  useEffect(() => setCursors(['']), [key])
  const after = cursors.at(-1) ?? ''
  const reload = useCallback(async () => {
    const params = new URLSearchParams({
      ...(JSON.parse(key) as Record<string, string>),
      limit: String(PAGE_SIZE),
      after,
    })
    for (const [k, v] of [...params]) if (v === '') params.delete(k)
    try {
      setPage(await opsCall<PageOf<T>>(`${path}?${params}`))
      setError('')
    } catch (e) {
      setError(e instanceof OpsError ? e.message : 'Could not load the list.')
    }
    setLoaded(true)
  }, [path, key, after])
  useEffect(() => {
    void reload()
  }, [reload])
  const next = () => {
    if (page.next !== null) setCursors([...cursors, page.next])
  }
  const previous = () => setCursors(cursors.length > 1 ? cursors.slice(0, -1) : cursors)
  return { page, error, loaded, pageIndex: cursors.length - 1, next, previous, reload }
}

/** What an empty list says, under its table (not inside the pager). */
export function Empty({ text = 'Nothing here' }: { text?: string }) {
  return <p className="empty">{text}</p>
}

/**
 * "1–25 of 10,000+": the rows shown and the count, capped by the server at 10,000; nothing on an
 * empty first page.
 */
export function Pager({
  page,
  pageIndex,
  next,
  previous,
}: {
  page: PageOf<unknown>
  pageIndex: number
  next: () => void
  previous: () => void
}) {
  const first = pageIndex * PAGE_SIZE + 1
  const last = pageIndex * PAGE_SIZE + page.rows.length
  const total = `${formatIndianNumber(page.total)}${page.total_capped ? '+' : ''}`
  if (page.rows.length === 0 && pageIndex === 0) return null
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" disabled={pageIndex === 0} onClick={previous}>
        Previous
      </button>
      <span>
        {page.rows.length === 0 ? `No more after ${first - 1}` : `${first}–${last} of ${total}`}
      </span>
      <button type="button" disabled={page.next === null} onClick={next}>
        Next
      </button>
    </nav>
  )
}

/** Runs an action, reports its outcome or the error's message, and reloads the list. */
export function useAction(reload: () => Promise<void>) {
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn()
      setNotice({ ok: true, text: done })
    } catch (e) {
      setNotice({ ok: false, text: e instanceof Error ? e.message : 'The action failed.' })
    }
    await reload()
  }
  return { notice, run }
}

export function Notice({ notice }: { notice: { ok: boolean; text: string } | null }) {
  if (!notice) return null
  return (
    <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'ok' : 'error'}>
      {notice.text}
    </p>
  )
}
