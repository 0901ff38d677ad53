/**
 * Watch progress per video: the seconds really played towards each video's timer, and which video
 * is current, persisted to IndexedDB so a reload resumes where the user was.
 */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { idbStorage } from '@/lib/idb-storage'
import { registerSavedCopy } from '@/lib/saved-copies'

interface WatchProgressState {
  /** Seconds played per video id (counted only while playing and visible). */
  seconds: Record<string, number>
  /** The id of the video the player shows. */
  currentId: number | null
  setSeconds(videoId: number, seconds: number): void
  clear(videoId: number): void
  setCurrent(videoId: number | null): void
}

export const useWatchProgressStore = create<WatchProgressState>()(
  persist(
    (setState) => ({
      seconds: {},
      currentId: null,
      setSeconds: (videoId, seconds) =>
        setState((s) => ({ seconds: { ...s.seconds, [videoId]: seconds } })),
      clear: (videoId) =>
        setState((s) => {
          const next = { ...s.seconds }
          delete next[videoId]
          return { seconds: next }
        }),
      setCurrent: (currentId) => setState({ currentId }),
    }),
    {
      name: 'watch-progress-store',
      version: 1,
      storage: idbStorage<Pick<WatchProgressState, 'seconds' | 'currentId'>>(),
      partialize: ({ seconds, currentId }) => ({ seconds, currentId }),
    },
  ),
)
registerSavedCopy(useWatchProgressStore)
