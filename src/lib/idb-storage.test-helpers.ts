/**
 * Test helper: the stand-in for src/lib/idb-storage.ts in component and store tests (jsdom has no
 * IndexedDB). A test file takes it with
 * `vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))`: the persisted
 * stores start empty and keep nothing, so each test sets the state it needs itself.
 */
import type { PersistStorage } from 'zustand/middleware'

/** A zustand `PersistStorage` that reads nothing back (null) and keeps nothing it is given. */
export function idbStorage<S>(): PersistStorage<S> {
  return {
    getItem: async () => null,
    setItem: async () => undefined,
    removeItem: async () => undefined,
  }
}
