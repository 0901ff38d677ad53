/**
 * The signed-in user, persisted to IndexedDB so the app opens offline with the last known data.
 * Read it through selectors: `useUserStore((s) => s.user)`. Async storage means the store is not
 * hydrated on the first render; guarded routes wait for `useUserStore.persist.hasHydrated()`.
 */
import { create } from 'zustand'
import { keepEqual } from '@contract/keep-equal'
import { persist } from 'zustand/middleware'
import { idbStorage } from '@/lib/idb-storage'
import { registerSavedCopy } from '@/lib/saved-copies'
import { keepNewerCopy, migrateSteps } from './versioned'
import type { User } from '@contract/api/accounts'

export type { User }

interface UserState {
  user: User | null
  /** When the user was last fetched from the server (ms since epoch). */
  fetchedAt: number | null
  setUser(user: User): void
  /** Takes a new balance (integer coins) and view count from an answer that carries them (a reward claim). */
  setBalance(figures: Pick<User, 'points' | 'views'>): void
  clear(): void
}

/** The persisted shape; bump the version and add a `migrate` step whenever it changes. */
export const USER_STORE_VERSION = 1
type PersistedUserState = Pick<UserState, 'user' | 'fetchedAt'>

export const useUserStore = create<UserState>()(
  persist(
    (setState) => ({
      user: null,
      fetchedAt: null,
      setUser: (user) =>
        setState((state) => ({ user: keepEqual(state.user, user), fetchedAt: Date.now() })),
      setBalance: (figures) =>
        setState(({ user }) => (user ? { user: { ...user, ...figures } } : {})),
      clear: () => setState({ user: null, fetchedAt: null }),
    }),
    {
      name: 'user-store',
      version: USER_STORE_VERSION,
      storage: idbStorage<PersistedUserState>(),
      partialize: ({ user, fetchedAt }) => ({ user, fetchedAt }),
      merge: keepNewerCopy<UserState, PersistedUserState>,
      migrate: migrateSteps<PersistedUserState>(USER_STORE_VERSION, {
        // v0 (before versioning) kept only `user`; v1 adds when it was fetched (unknown: null).
        0: (state) => ({ user: state.user ?? null, fetchedAt: null }),
      }),
    },
  ),
)
registerSavedCopy(useUserStore)
