/**
 * `GET /get-user/` (SPEC §7): fetches the signed-in user and keeps it in the persisted user
 * store, so screens read it through `useUserStore` and it survives going offline.
 */
import { api } from './api-client'
import { useUserStore, type User } from '@/stores/user-store'

/** Fetches the user and stores it; rethrows the failure (offline, 401, 5xx) after logging it. */
export async function refreshUser(): Promise<User> {
  try {
    const user = await api.get('get-user/').json<User>()
    useUserStore.getState().setUser(user)
    return user
  } catch (error) {
    console.error('get-user failed', error)
    throw error
  }
}
