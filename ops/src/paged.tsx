/** Loading a filtered, paged list from the console API, and the pager under it. */
import { useCallback, useEffect, useState } from 'react'
import { OpsError, opsCall, type PageOf } from './api.ts'

export const PAGE_SIZE = 25

/** Loads `path?query&limit&offset`; `reload()` after an action. */
export function usePaged<T>(path: string, query: Record<string, string>) {
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<PageOf<T>>({ total: 0, rows: [] })
  const [error, setError] = useState('')
  const key = JSON.stringify(query)
  // A new filter starts at the first page.
  useEffect(() => setOffset(0), [key])
  const reload = useCallback(async () => {
    const params = new URLSearchParams({
      ...(JSON.parse(key) as Record<string, string>),
      limit: String(PAGE_SIZE),
      offset: String(offset),
    })
    for (const [k, v] of [...params]) if (v === '') params.delete(k)
    try {
      setPage(await opsCall<PageOf<T>>(`${path}?${params}`))
      setError('')
    } catch (e) {
      setError(e instanceof OpsError ? e.message : 'Could not load the list.')
    }
  }, [path, key, offset])
  useEffect(() => {
    void reload()
  }, [reload])
  return { page, error, offset, setOffset, reload }
}

export function Pager({
  total,
  offset,
  setOffset,
}: {
  total: number
  offset: number
  setOffset: (n: number) => void
}) {
  const last = Math.min(total, offset + PAGE_SIZE)
  return (
    <div className="pager">
      <button
        type="button"
        disabled={offset === 0}
        onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
      >
        Previous
      </button>
      <span>{total === 0 ? 'Nothing here' : `${offset + 1}–${last} of ${total}`}</span>
      <button type="button" disabled={last >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
        Next
      </button>
    </div>
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
