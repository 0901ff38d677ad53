/**
 * Notifications when money moves: the server's push message (JSON `{ title, body, url, tag }`,
 * server/push/messages.ts) is shown as a notification with the app's icon and badge; a tap focuses
 * an open window of the app and takes it to the message's page (/wallet), or opens one.
 */

/** What the server sends; anything missing falls back to a plain "open your wallet". */
export interface PushMessage {
  title: string
  body: string
  url: string
  tag?: string
}

const FALLBACK: PushMessage = {
  title: 'Watch & Earn',
  body: 'Your wallet has news.',
  url: '/wallet',
}

/** Reads the push payload; a missing or malformed one gives FALLBACK. Only same-origin paths open. */
export function readPushMessage(text: string | null | undefined): PushMessage {
  let data: Partial<Record<keyof PushMessage, unknown>> = {}
  try {
    data = text ? (JSON.parse(text) as typeof data) : {}
  } catch {
    // Not JSON: show the fallback rather than nothing (a push must show a notification).
  }
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined)
  const url = str(data.url)
  return {
    title: str(data.title) ?? FALLBACK.title,
    body: str(data.body) ?? FALLBACK.body,
    url: url && url.startsWith('/') && !url.startsWith('//') ? url : FALLBACK.url,
    tag: str(data.tag),
  }
}

/** The notification options for `message` (icon, monochrome badge, tag, the page to open). */
export function notificationOptions(message: PushMessage): NotificationOptions {
  return {
    body: message.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    tag: message.tag,
    data: { url: message.url },
  }
}

/**
 * Focuses a window of the app and navigates it to `url`, or opens a new window at `url` when none
 * is open. Resolves with the client shown, or null when the browser refused.
 */
export async function openFromNotification(
  sw: ServiceWorkerGlobalScope,
  url: string,
): Promise<WindowClient | null> {
  const target = new URL(url, sw.location.origin).href
  // Controlled windows only: navigate() works on the pages this worker controls.
  const windows = await sw.clients.matchAll({ type: 'window' })
  const open = windows.find((w) => new URL(w.url).origin === sw.location.origin)
  if (open) {
    try {
      // Focus needs the click's user activation; a window that cannot take focus still navigates.
      const focused = await open.focus().catch(() => open)
      return focused.url === target ? focused : ((await focused.navigate(target)) ?? focused)
    } catch {
      // The window went away meanwhile: open a new one.
    }
  }
  return sw.clients.openWindow(target)
}

/** Registers the `push` and `notificationclick` handlers on the worker. */
export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const message = readPushMessage(event.data?.text())
    event.waitUntil(sw.registration.showNotification(message.title, notificationOptions(message)))
  })
  sw.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const url = (event.notification.data as { url?: unknown } | null)?.url
    event.waitUntil(openFromNotification(sw, typeof url === 'string' ? url : '/wallet'))
  })
}
