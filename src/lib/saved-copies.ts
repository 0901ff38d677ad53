/**
 * The persisted stores (zustand `persist` over idb-keyval, ./idb-storage.ts) that hold a saved
 * copy of the visitor's data. Each store registers itself as its module loads, so the app's start
 * (src/main.tsx) can read every saved copy the first screen uses before its first render, and a
 * returning visitor's first frame is the saved copy, not a placeholder.
 */

/** The part of zustand's `persist` API this needs. */
export interface PersistApi {
  hasHydrated(): boolean
  onFinishHydration(listener: () => void): () => void
}

const stores = new Set<PersistApi>()

/** Registers a persisted store (call once, beside its `create`). */
export function registerSavedCopy(store: { persist: PersistApi }): void {
  stores.add(store.persist)
}

/**
 * Resolves once every registered store has been read from IndexedDB, or after `maxMs` (ms), so a
 * slow IndexedDB never holds the first render for long (the screen then draws its placeholders
 * and the saved copy a moment later).
 */
export function savedCopiesRead(maxMs: number): Promise<void> {
  const pending = [...stores].filter((store) => !store.hasHydrated())
  if (pending.length === 0) return Promise.resolve()
  const each = pending.map(
    (store) =>
      new Promise<void>((resolve) => {
        const unsubscribe = store.onFinishHydration(() => {
          unsubscribe()
          resolve()
        })
        if (store.hasHydrated()) resolve()
      }),
  )
  return Promise.race([
    Promise.all(each).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, maxMs)),
  ])
}
