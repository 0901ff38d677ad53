/**
 * Whether the browser believes it is online, from `navigator.onLine` and the window's
 * `online`/`offline` events. Screens use it to say "you are offline" instead of failing silently.
 */
import { useSyncExternalStore } from 'react'

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

const getSnapshot = (): boolean => navigator.onLine
/** Server render (never used by this SPA, required by the API): assume online. */
const getServerSnapshot = (): boolean => true

/** React hook: true while online; re-renders on every `online`/`offline` event. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
