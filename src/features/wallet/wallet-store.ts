/**
 * The last wallet (`GET /wallet/`) this phone received, persisted to IndexedDB so the wallet opens
 * offline from its saved copy as the dashboard does from the user store, with when it was fetched.
 * `owner` is the referral id of the user it belongs to: a copy of another account (a shared phone)
 * is never shown. Logout deletes it (src/lib/logout.ts, by its key WALLET_STORE_KEY).
 */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { idbStorage } from '@/lib/idb-storage'
import { registerSavedCopy } from '@/lib/saved-copies'
import type { Wallet } from './api/get-wallet'

interface WalletState {
  wallet: Wallet | null
  /** When the wallet was fetched (ms since epoch). */
  fetchedAt: number | null
  /** The `referral_id` of the user the wallet belongs to. */
  owner: string | null
  setWallet(wallet: Wallet, owner: string): void
  clear(): void
}

/** The IndexedDB key of the saved copy. */
export const WALLET_STORE_KEY = 'wallet-store'

/** The persisted shape; bump the version and add a `migrate` step whenever it changes. */
export const WALLET_STORE_VERSION = 1
type PersistedWalletState = Pick<WalletState, 'wallet' | 'fetchedAt' | 'owner'>

export const useWalletStore = create<WalletState>()(
  persist(
    (setState) => ({
      wallet: null,
      fetchedAt: null,
      owner: null,
      setWallet: (wallet, owner) => setState({ wallet, owner, fetchedAt: Date.now() }),
      clear: () => setState({ wallet: null, fetchedAt: null, owner: null }),
    }),
    {
      name: WALLET_STORE_KEY,
      version: WALLET_STORE_VERSION,
      storage: idbStorage<PersistedWalletState>(),
      partialize: ({ wallet, fetchedAt, owner }) => ({ wallet, fetchedAt, owner }),
    },
  ),
)
registerSavedCopy(useWalletStore)

/** Resolves once the saved copy has been read from IndexedDB (so a fresh wallet is not overwritten). */
export function walletStoreHydrated(): Promise<void> {
  if (useWalletStore.persist.hasHydrated()) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = useWalletStore.persist.onFinishHydration(() => {
      unsubscribe()
      resolve()
    })
  })
}
