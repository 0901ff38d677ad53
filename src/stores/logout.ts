/**
 * Logout (docs/product.md#screens, #flows): revoke the token on the server when online, then clear local storage, the
 * persisted user, the screens' last frames and the worker's offline API cache, whatever the server answered.
 */
import { del } from 'idb-keyval'
import { api } from '@/lib/api-client'
import { clearOfflineApiCache } from '@/lib/sw-bridge'
import { forgetLastFrames } from '@/lib/last-frame'
import { readThemeChoice, THEME_KEY } from '@/lib/theme'
import { useUserStore } from './user-store'

/** Ends the session on this device; never throws. */
export async function logout(): Promise<void> {
  // This device's push subscription goes first, while the token still works; the server also drops
  // it with the token. Its code loads only now.
  await import('@/lib/push-subscription').then(
    (m) => m.turnOffPush(),
    () => undefined,
  )
  try {
    await api.post('logout/', { timeout: 5000 })
  } catch {
    // Offline or already revoked: the device forgets the token all the same.
  }
  // The device's colour theme is not the account's: it stays.
  const theme = readThemeChoice()
  localStorage.clear()
  // The screens' last frames (src/lib/last-frame.ts) are this user's too.
  await forgetLastFrames()
  if (theme !== 'system') localStorage.setItem(THEME_KEY, theme)
  useUserStore.getState().clear()
  // The wallet's saved copy (src/features/wallet/wallet-store.ts; lib code names no feature).
  try {
    await del('wallet-store')
  } catch {
    // No IndexedDB (private mode): nothing was saved.
  }
  // The service worker's offline copies of this user's API answers go too (shared phones).
  await clearOfflineApiCache()
}
