/**
 * Whether a persisted zustand store has been read from IndexedDB (async storage, STYLE: not
 * hydrated on the first render). The route guard waits on the user store with it, the dashboard
 * on the watch progress.
 */
import { useEffect, useState } from 'react'

/** The part of zustand's `persist` API this needs. */
interface PersistApi {
  hasHydrated(): boolean
  onFinishHydration(listener: () => void): () => void
}

/** False until `store` has been read from storage, then true for good (re-renders once then). */
export function useStoreHydrated(store: { persist: PersistApi }): boolean {
  const [hydrated, setHydrated] = useState(() => store.persist.hasHydrated())
  useEffect(() => {
    if (hydrated) return
    const unsubscribe = store.persist.onFinishHydration(() => setHydrated(true))
    // Hydration may have finished between the first render and this effect.
    if (store.persist.hasHydrated()) setHydrated(true)
    return unsubscribe
  }, [hydrated, store])
  return hydrated
}
