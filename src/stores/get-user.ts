/**
 * `GET /get-user/` (SPEC §7): fetches the signed-in user and keeps it in the persisted user
 * store, so screens read it through `useUserStore` and it survives going offline.
 */
import { api } from '@/lib/api-client'
import { useUserStore, type User } from './user-store'

/**
 * How recent (ms) a fetched user may be for `reuseRecent`: the app's start fetches the user
 * alongside the first screen's code (src/main.tsx), so that screen need not ask again a moment
 * later.
 */
export const USER_FRESH_MS = 2_000

let inFlight: Promise<User> | null = null

/**
 * Fetches the user and stores it; rethrows the failure (offline, 401, 5xx) after logging it.
 * Calls made while a fetch is on its way share it (one request). With `reuseRecent` (a screen
 * refreshing as it opens), a user fetched less than USER_FRESH_MS ago is returned as stored,
 * without a request; a refresh after a change (a reward, a payment) leaves it out and always asks.
 */
export function refreshUser(options: { reuseRecent?: boolean } = {}): Promise<User> {
  const { user, fetchedAt } = useUserStore.getState()
  if (options.reuseRecent && user && fetchedAt !== null && Date.now() - fetchedAt < USER_FRESH_MS) {
    return Promise.resolve(user)
  }
  inFlight ??= fetchUser().finally(() => {
    inFlight = null
  })
  return inFlight
}

async function fetchUser(): Promise<User> {
  try {
    const user = await api.get('get-user/').json<User>()
    useUserStore.getState().setUser(user)
    return user
  } catch (error) {
    console.error('get-user failed', error)
    throw error
  }
}
