/**
 * Loading a filtered, paged list from the console API, and running an action on it: each
 * confirmed action carries one Idempotency-Key, which its retry sends again, so the server applies
 * it once however often it arrives.
 */
import { useCallback, useEffect, useState } from 'react'
import { OpsError, newIdempotencyKey, opsCall, type PageOf } from './api.ts'

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

/** What an action said: its outcome, or its error with a retry when one may still land. */
export interface ActionNotice {
  ok: boolean
  text: string
  /** Sends the same request again with the same Idempotency-Key (absent: nothing to retry). */
  retry?: () => void
}

/**
 * Runs confirmed actions: `run(fn, done)` calls `fn` with a fresh Idempotency-Key, reports `done`
 * or the error's message, and reloads (`reload`). When the server could not be reached, was busy
 * or still had the first request in flight, the notice offers a retry with the same key.
 */
export function useAction(reload: () => Promise<void>) {
  const [notice, setNotice] = useState<ActionNotice | null>(null)
  const attempt = async (fn: (key: string) => Promise<unknown>, done: string, key: string) => {
    try {
      await fn(key)
      setNotice({ ok: true, text: done })
    } catch (e) {
      const retriable =
        e instanceof OpsError && (e.code === 'NETWORK' || e.status === 409 || e.status >= 500)
      setNotice({
        ok: false,
        text: e instanceof Error ? e.message : 'The action failed.',
        ...(retriable ? { retry: () => void attempt(fn, done, key) } : {}),
      })
    }
    await reload()
  }
  const run = (fn: (key: string) => Promise<unknown>, done: string) =>
    attempt(fn, done, newIdempotencyKey())
  return { notice, setNotice, run }
}
