/**
 * `GET /get-user/` (docs/product.md#api): fetches the signed-in user and keeps it in the persisted user
 * store, so screens read it through `useUserStore` and it survives going offline.
 */
import { api } from '@/lib/api-client'
import { useUserStore, type User } from './user-store'

let inFlight: Promise<User> | null = null

/**
 * When the screen on show was opened (ms since the epoch): the page's start, then every navigation
 * (wouter moves through `history.pushState`/`replaceState` and announces each as an event of that
 * name; Back and Forward are `popstate`).
 */
let screenOpenedAt = Date.now()
if (typeof window !== 'undefined') {
  for (const type of ['pushState', 'replaceState', 'popstate']) {
    window.addEventListener(type, () => (screenOpenedAt = Date.now()))
  }
}

/**
 * Fetches the user and stores it; rethrows the failure (offline, 401, 5xx) after logging it.
 * Calls made while a fetch is on its way share it (one request). With `reuseRecent` (a screen
 * refreshing as it opens), a user fetched since that screen opened is returned as stored, without
 * a request: on a cold start the app fetches the user alongside the first screen's code
 * (src/main.tsx), however long that screen then takes to arrive. A refresh after a change (a
 * reward, a payment) leaves it out and always asks.
 */
export function refreshUser(options: { reuseRecent?: boolean } = {}): Promise<User> {
  const { user, fetchedAt } = useUserStore.getState()
  if (options.reuseRecent && user && fetchedAt !== null && fetchedAt >= screenOpenedAt) {
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
