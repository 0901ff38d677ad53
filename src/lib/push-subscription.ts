/**
 * This device's Web Push subscription: whether notifications can work here, turning them on (the
 * browser's permission prompt, `pushManager.subscribe` with the server's VAPID key, then
 * `POST /push/subscriptions`) and off (`DELETE /push/subscriptions`, then unsubscribe). Loaded
 * with the wallet (its card), a withdrawal's offer and logout: never on the first route (/).
 */
import { api } from './api-client'

/**
 * - `unsupported`: no service worker, Push API or Notification here (on iOS, Safari offers push
 *   only to the app added to the Home Screen: `ios-needs-install`).
 * - `denied`: the user blocked notifications for this site; only the browser's settings undo it.
 * - `off`: not subscribed (the permission may be granted or not asked yet).
 * - `on`: this device is subscribed.
 */
export type PushState = 'unsupported' | 'ios-needs-install' | 'denied' | 'off' | 'on'

/** True on iPhone and iPad Safari outside an installed app, where push needs Add to Home Screen. */
function isIosBrowserTab(): boolean {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent)
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches
  return ios && !standalone
}

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

async function currentSubscription(): Promise<PushSubscription | null> {
  // getRegistration, not `ready`: `ready` never settles where no worker was registered.
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/**
 * Where this device stands when that is known without waiting: every state but one whose
 * permission is granted (whether it is subscribed needs the worker's registration); null then.
 * Lets a screen draw the card in its first frame (src/features/wallet/components/push-opt-in.tsx).
 */
export function pushStateNow(): PushState | null {
  if (!supported()) return isIosBrowserTab() ? 'ios-needs-install' : 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  return Notification.permission === 'granted' ? null : 'off'
}

/** Where this device stands; never throws (a failure reads as `unsupported`). */
export async function pushState(): Promise<PushState> {
  if (!supported()) return isIosBrowserTab() ? 'ios-needs-install' : 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  try {
    return Notification.permission === 'granted' && (await currentSubscription()) ? 'on' : 'off'
  } catch {
    return 'unsupported'
  }
}

/**
 * Asks the browser's permission (call from a tap), subscribes with the server's VAPID key and
 * saves the subscription with the page's language (notifications in Hindi when `lang` is `hi`).
 * Resolves with the new state (`denied` when the user said no, `off` when dismissed); rejects when
 * the push service or the server failed.
 */
export async function turnOnPush(
  lang: string = document.documentElement.lang || 'en',
): Promise<PushState> {
  if (!supported()) return pushState()
  const permission = await Notification.requestPermission()
  if (permission === 'denied') return 'denied'
  if (permission !== 'granted') return 'off'
  const registration = await navigator.serviceWorker.ready
  const { public_key } = await api.get('push/vapid-public-key').json<{ public_key: string }>()
  let subscription = await registration.pushManager.getSubscription()
  const key = subscription?.options.applicationServerKey
  if (subscription && key && base64url(key) !== public_key) {
    // Subscribed with another server key (the keys changed): start over.
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: public_key,
  })
  await api.post('push/subscriptions', { json: { ...subscription.toJSON(), lang } })
  return 'on'
}

/**
 * Stops notifications on this device: tells the server (while the token still works; at most
 * `timeoutMs`), then unsubscribes in the browser whatever the server answered. Never throws.
 */
export async function turnOffPush(timeoutMs = 5000): Promise<void> {
  try {
    if (!supported()) return
    const subscription = await currentSubscription()
    if (!subscription) return
    await api
      .delete('push/subscriptions', {
        json: { endpoint: subscription.endpoint },
        timeout: timeoutMs,
      })
      .catch(() => undefined)
    await subscription.unsubscribe()
  } catch {
    // Nothing to undo here: the server also drops the device on logout and on a 410.
  }
}

function base64url(buffer: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}
