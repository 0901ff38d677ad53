/**
 * The dashboard's video list (docs/product.md#flows, #deviations): an empty list (or a failed fetch) is
 * fetched again after 2 s, backing off (2, 4, 8 … 60 s), and not while offline — the fetch waits
 * for the connection instead of reloading the page.
 */
import { startTransition, useEffect, useState } from 'react'
import { getVideos, type DashboardVideo } from '../api/get-videos'

/** First retry delay and its ceiling, in ms. */
export const VIDEOS_RETRY_MS = 2_000
export const VIDEOS_RETRY_MAX_MS = 60_000

export interface VideosState {
  videos: DashboardVideo[] | null
  /** The browser is offline and no list is loaded. */
  offline: boolean
  /** The last fetch came back empty or failed; another is scheduled. */
  retrying: boolean
}

export function useVideos(): VideosState {
  const [videos, setVideos] = useState<DashboardVideo[] | null>(null)
  const [offline, setOffline] = useState(() => !navigator.onLine)
  const [retrying, setRetrying] = useState(false)

  useEffect(() => {
    let cancelled = false
    let loaded = false
    let attempt = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      setRetrying(true)
      const delay = Math.min(VIDEOS_RETRY_MAX_MS, VIDEOS_RETRY_MS * 2 ** attempt)
      attempt += 1
      timer = setTimeout(() => void load(), delay)
    }
    const load = async () => {
      if (!navigator.onLine) {
        setOffline(true)
        return // the 'online' listener fetches again
      }
      try {
        const list = await getVideos()
        if (cancelled) return
        if (list.length === 0) schedule()
        else {
          loaded = true
          // A transition: the list's arrival draws the player, the screen's heaviest part, and
          // React renders a transition in slices instead of one long task (TBT).
          startTransition(() => {
            setRetrying(false)
            setVideos(list)
          })
        }
      } catch (error) {
        console.error('dashboard fetch failed', error)
        if (!cancelled) schedule()
      }
    }
    const onOnline = () => {
      setOffline(false)
      if (loaded) return
      clearTimeout(timer)
      attempt = 0
      void load()
    }
    const onOffline = () => setOffline(true)
    window.addEventListener('online', onOnline)
    window.addEventListener('offline', onOffline)
    void load()
    return () => {
      cancelled = true
      clearTimeout(timer)
      window.removeEventListener('online', onOnline)
      window.removeEventListener('offline', onOffline)
    }
  }, [])

  return { videos, offline: offline && videos === null, retrying }
}
