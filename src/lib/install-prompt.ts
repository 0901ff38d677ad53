/**
 * "Install app": Chromium's `beforeinstallprompt` is held back from the browser's own mini-infobar
 * and kept, so the app's button can show the install dialog when tapped. The event may fire before
 * React has loaded (the landing loads the app only when idle), so the entry script (src/boot.ts)
 * starts listening; no React here. iOS Safari has no such event: there the screens show a short
 * "Add to Home Screen" hint instead.
 */

/** The part of Chromium's BeforeInstallPromptEvent the app uses (not in TypeScript's DOM lib). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>
}

let deferred: InstallPromptEvent | null = null
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((listener) => listener())

/** Starts keeping `beforeinstallprompt` and forgets it once the app is installed. Call once. */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as InstallPromptEvent
    notify()
  })
  target.addEventListener('appinstalled', () => {
    deferred = null
    notify()
  })
}

/** Whether the browser has offered installation (a kept `beforeinstallprompt`). */
export function canInstall(): boolean {
  return deferred !== null
}

/** Calls `listener` when `canInstall()` may have changed; returns the unsubscribe function. */
export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Shows the browser's install dialog (once per offer: the event cannot be reused) and resolves
 * with the user's answer; 'unavailable' when nothing was offered.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred
  if (!event) return 'unavailable'
  deferred = null
  notify()
  await event.prompt()
  return (await event.userChoice).outcome
}
