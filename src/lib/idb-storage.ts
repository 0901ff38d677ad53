/**
 * The one storage adapter that persists zustand stores to IndexedDB through idb-keyval
 * (STYLE: Zustand's guides). Values are stored as structured clones, not JSON text.
 */
import { del, get, set } from 'idb-keyval'
import type { PersistStorage, StorageValue } from 'zustand/middleware'

/** A zustand `PersistStorage` over idb-keyval; failures (private mode, quota) are logged and ignored. */
export function idbStorage<S>(): PersistStorage<S> {
  return {
    async getItem(name) {
      // The server render (Node, no window) draws a first visit: nothing is stored.
      if (typeof window === 'undefined') return null
      try {
        return ((await get(name)) as StorageValue<S> | undefined) ?? null
      } catch (error) {
        console.error('idb getItem failed', error)
        return null
      }
    },
    async setItem(name, value) {
      try {
        await set(name, value)
      } catch (error) {
        console.error('idb setItem failed', error)
      }
    },
    async removeItem(name) {
      try {
        await del(name)
      } catch (error) {
        console.error('idb removeItem failed', error)
      }
    },
  }
}
