/** Whether a persisted zustand store has been read from IndexedDB (async storage, STYLE). */
import { useEffect, useState } from 'react'

interface PersistApi {
  hasHydrated(): boolean
  onFinishHydration(listener: () => void): () => void
}

export function useStoreHydrated(store: { persist: PersistApi }): boolean {
  const [hydrated, setHydrated] = useState(() => store.persist.hasHydrated())
  useEffect(() => {
    if (hydrated) return
    const unsubscribe = store.persist.onFinishHydration(() => setHydrated(true))
    if (store.persist.hasHydrated()) setHydrated(true)
    return unsubscribe
  }, [hydrated, store])
  return hydrated
}
