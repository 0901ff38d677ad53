/**
 * Logout (SPEC §2, §4): revoke the token on the server when online, then clear local storage, the
 * persisted user and the worker's offline API cache, whatever the server answered.
 */
import { api } from '@/lib/api-client'
import { clearOfflineApiCache } from '@/lib/sw-bridge'
import { useUserStore } from './user-store'

/** Ends the session on this device; never throws. */
export async function logout(): Promise<void> {
  // This device's push subscription goes first, while the token still works (issue 16); the
  // server also drops it with the token. Its code loads only now.
  await import('@/lib/push-subscription').then(
    (m) => m.turnOffPush(),
    () => undefined,
  )
  try {
    await api.post('logout/', { timeout: 5000 })
  } catch {
    // Offline or already revoked: the device forgets the token all the same.
  }
  localStorage.clear()
  useUserStore.getState().clear()
  // The service worker's offline copies of this user's API answers go too (shared phones).
  await clearOfflineApiCache()
}
