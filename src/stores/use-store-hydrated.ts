/**
 * Whether a persisted zustand store has been read from IndexedDB (async storage, STYLE: not
 * hydrated on the first render). The route guard waits on the user store with it, the dashboard
 * on the watch progress.
 */
import { startTransition, useEffect, useState } from 'react'

/** The part of zustand's `persist` API this needs. */
interface PersistApi {
  hasHydrated(): boolean
  onFinishHydration(listener: () => void): () => void
}

/**
 * False until `store` has been read from storage, then true for good (re-renders once then, as a
 * transition: what waited for the store, such as the dashboard's player, renders in slices).
 */
export function useStoreHydrated(store: { persist: PersistApi }): boolean {
  const [hydrated, setHydrated] = useState(() => store.persist.hasHydrated())
  useEffect(() => {
    if (hydrated) return
    const done = () => startTransition(() => setHydrated(true))
    const unsubscribe = store.persist.onFinishHydration(done)
    // Hydration may have finished between the first render and this effect.
    if (store.persist.hasHydrated()) done()
    return unsubscribe
  }, [hydrated, store])
  return hydrated
}
