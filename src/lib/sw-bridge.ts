/**
 * The one bridge between the page and the service worker (STYLE: Squoosh/Elk): registration of
 * /sw.js (through workbox-window where an update can be waiting), the "update available" state
 * when a new worker is waiting, the skip-waiting request that applies it, and the worker's
 * messages to open pages. No other module talks to `navigator.serviceWorker`.
 */
import { useSyncExternalStore } from 'react'
import type { Workbox } from 'workbox-window'

/** How often a long-open page asks the server for a new worker (ms). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

let workbox: Workbox | null = null
let registered = false
let updateAvailable = false
const listeners = new Set<() => void>()

function setUpdateAvailable(value: boolean): void {
  updateAvailable = value
  listeners.forEach((listener) => listener())
}

/**
 * Registers /sw.js (production builds only; the caller checks `import.meta.env.PROD`), and asks
 * the server for a new version every UPDATE_CHECK_INTERVAL_MS. Never throws: a browser without
 * service workers, or a failed registration, just leaves the app online-only.
 *
 * workbox-window carries the update flow (a new version waiting, `useUpdateAvailable()`,
 * `applyUpdate()`), so it is loaded when there can be one: at once on a page a worker controls,
 * and on a page none controls yet (a first visit, where the worker being installed is the first)
 * only once a new version has installed beside the active one. Such a page registers the worker
 * itself, so a first visit downloads no update code (the landing's JavaScript budget,
 * docs/product.md#budgets).
 */
export async function registerServiceWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || registered) return
  registered = true
  try {
    const registration = navigator.serviceWorker.controller
      ? await watchUpdates()
      : await navigator.serviceWorker.register('/sw.js')
    if (!registration) return
    if (!workbox) {
      // A version already waiting (this page skipped the worker: a hard reload), or one to come.
      if (registration.waiting && registration.active) void watchUpdates()
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && registration.active) void watchUpdates()
        })
      })
    }
    setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS)
  } catch (error) {
    console.error('service worker registration failed', error)
  }
}

/**
 * Registers /sw.js through workbox-window (loaded now, once), which says when a new version has
 * installed and waits, one that already did included. Never throws.
 */
async function watchUpdates(): Promise<ServiceWorkerRegistration | undefined> {
  if (workbox) return undefined
  try {
    const { Workbox } = await import('workbox-window')
    if (workbox) return undefined
    const wb = new Workbox('/sw.js')
    workbox = wb
    wb.addEventListener('waiting', () => setUpdateAvailable(true))
    return await wb.register()
  } catch (error) {
    console.error('service worker update watch failed', error)
    return undefined
  }
}

/** Whether a new version has installed and waits for `applyUpdate()`. */
export function isUpdateAvailable(): boolean {
  return updateAvailable
}

/** Subscribes to changes of `isUpdateAvailable()`; returns the unsubscribe function. */
export function subscribeUpdateAvailable(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** React hook: true while a new version waits (drives the update prompt). */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribeUpdateAvailable, isUpdateAvailable, () => false)
}

/**
 * Applies the waiting version: asks it to skip waiting (the worker only does so on this request)
 * and reloads the page once the new worker controls it, so page and cache are the same build.
 */
export function applyUpdate(): void {
  const wb = workbox
  if (!wb) {
    window.location.reload()
    return
  }
  wb.addEventListener('controlling', () => window.location.reload())
  wb.messageSkipWaiting()
}

/** A message the worker posts to open pages: `{ type, ...payload }`. */
export interface WorkerMessage {
  type: string
  [field: string]: unknown
}

/**
 * Listens for worker messages of one `type` (e.g. the outbox's background-sync request); returns
 * the unsubscribe function. A no-op where service workers are unavailable.
 */
export function onWorkerMessage(
  type: string,
  handler: (message: WorkerMessage) => void,
): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined
  const listener = (event: MessageEvent) => {
    const data = event.data as Partial<WorkerMessage> | null
    if (data && data.type === type) handler(data as WorkerMessage)
  }
  navigator.serviceWorker.addEventListener('message', listener)
  return () => navigator.serviceWorker.removeEventListener('message', listener)
}

/**
 * Registers a Background Sync tag on the active worker (e.g. 'outbox'); resolves false where
 * Background Sync is unsupported or no worker is active, so the caller flushes by itself.
 */
export async function requestBackgroundSync(tag: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false
  try {
    const registration = await navigator.serviceWorker.getRegistration()
    const sync = (
      registration as
        | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
        | undefined
    )?.sync
    if (!registration?.active || !sync) return false
    await sync.register(tag)
    return true
  } catch {
    return false
  }
}

/** The service worker's cache of the last API answers (sw/sw.ts), kept per signed-in user. */
export const OFFLINE_API_CACHE = 'api-last-data'

/**
 * Forgets the API answers saved for offline use (call on logout, so nothing of the account stays
 * on a shared phone). Never throws; resolves false where Cache Storage is unavailable.
 */
export async function clearOfflineApiCache(): Promise<boolean> {
  try {
    return typeof caches !== 'undefined' && (await caches.delete(OFFLINE_API_CACHE))
  } catch {
    return false
  }
}
