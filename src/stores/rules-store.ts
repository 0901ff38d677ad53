/**
 * The business rules served at `GET /config/` (docs/product.md#rules), persisted for offline use. Screens
 * read numbers only from here (`useRules()`), so no page states a rule the server does not enforce.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { keepEqual } from '@contract/keep-equal'
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { api } from '@/lib/api-client'
import { idbStorage } from '@/lib/idb-storage'
import { registerSavedCopy } from '@/lib/saved-copies'
import { DEFAULT_RULES, type Rules } from '@contract/rules'
import { migrateSteps } from './versioned'
import { usePageConfig } from '@/lib/page-config'
import type { ConfigAnswer as ConfigResponse } from '@contract/api/system'

interface RulesState {
  rules: Rules
  playStoreUrl: string
  paymentProvider: ConfigResponse['payment_provider']
  fetchedAt: number | null
  load(): Promise<void>
}

/** The persisted shape; bump the version and add a `migrate` step whenever it changes. */
export const RULES_STORE_VERSION = 1
type PersistedRulesState = Pick<
  RulesState,
  'rules' | 'playStoreUrl' | 'paymentProvider' | 'fetchedAt'
>

let inFlight: Promise<void> | null = null

export const useRulesStore = create<RulesState>()(
  persist(
    (setState) => ({
      rules: DEFAULT_RULES,
      playStoreUrl: 'https://play.google.com/store',
      paymentProvider: 'manual-upi',
      fetchedAt: null,
      load() {
        inFlight ??= api
          .get('config/')
          .json<ConfigResponse>()
          .then((config) => {
            setState(({ rules }) => ({
              rules: keepEqual(rules, { ...DEFAULT_RULES, ...config.rules }),
              playStoreUrl: config.play_store_url,
              paymentProvider: config.payment_provider,
              fetchedAt: Date.now(),
            }))
          })
          .catch((error: unknown) => console.error('config fetch failed', error))
          .finally(() => {
            inFlight = null
          })
        return inFlight ?? Promise.resolve()
      },
    }),
    {
      name: 'rules-store',
      version: RULES_STORE_VERSION,
      storage: idbStorage<PersistedRulesState>(),
      partialize: ({ rules, playStoreUrl, paymentProvider, fetchedAt }) => ({
        rules,
        playStoreUrl,
        paymentProvider,
        fetchedAt,
      }),
      migrate: migrateSteps<PersistedRulesState>(RULES_STORE_VERSION, {
        // v0 (before versioning) kept only `rules`; the other fields take their defaults on merge.
        0: (state) => ({ rules: state.rules ?? DEFAULT_RULES, fetchedAt: null }),
      }),
      // A rule added by a newer build is absent from an older saved copy: fill it from the defaults.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<PersistedRulesState>
        return {
          ...current,
          ...saved,
          rules: { ...DEFAULT_RULES, ...current.rules, ...saved.rules },
        }
      },
    },
  ),
)
registerSavedCopy(useRulesStore)

/**
 * The rules, refreshed from the server once per mount when online (the persisted copy otherwise);
 * while a rendered page is hydrated, the rules it was rendered with (src/lib/page-config.ts), so
 * it hydrates as drawn.
 */
export function useRules(): Rules {
  const page = usePageConfig()
  const rules = useSyncExternalStore(
    useRulesStore.subscribe,
    () => useRulesStore.getState().rules,
    () => page?.rules ?? useRulesStore.getState().rules,
  )
  useEffect(() => {
    if (typeof navigator === 'undefined' || navigator.onLine) void useRulesStore.getState().load()
  }, [])
  return rules
}

/**
 * The payment provider `GET /config/` names (whether card payments are configured), as
 * `useRules` reads the rules: the rendered page's while it is hydrated, the stored one after.
 */
export function usePaymentProvider(): RulesState['paymentProvider'] {
  const page = usePageConfig()
  return useSyncExternalStore(
    useRulesStore.subscribe,
    () => useRulesStore.getState().paymentProvider,
    () => page?.paymentProvider ?? useRulesStore.getState().paymentProvider,
  )
}
