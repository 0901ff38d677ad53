/**
 * `GET /get-user/` (SPEC §7): fetches the signed-in user and keeps it in the persisted user
 * store, so screens read it through `useUserStore` and it survives going offline.
 */
import { api } from './api-client'
import { useUserStore, type User } from '@/stores/user-store'

/**
 * How recent (ms) a fetched user counts as fresh for a screen that opens with a refresh: the
 * app's start fetches the user alongside the first screen's code (src/main.tsx), so that screen
 * need not ask again a moment later.
 */
export const USER_FRESH_MS = 2_000

let inFlight: Promise<User> | null = null

/**
 * Fetches the user and stores it; rethrows the failure (offline, 401, 5xx) after logging it.
 * Calls made while a fetch is on its way share it (one request). With `freshForMs`, a user
 * fetched less than that many milliseconds ago is returned as stored, without a request.
 */
export function refreshUser(options: { freshForMs?: number } = {}): Promise<User> {
  const { user, fetchedAt } = useUserStore.getState()
  if (
    options.freshForMs &&
    user &&
    fetchedAt !== null &&
    Date.now() - fetchedAt < options.freshForMs
  ) {
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
