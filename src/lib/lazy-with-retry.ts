/**
 * Recovery when a code chunk fails to load after a deploy (the old chunk names are gone from the
 * server): reload the page once, so it fetches the new index.html and its new chunks. A
 * sessionStorage flag makes it once per tab, so a real outage shows an error instead of a loop.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

const RELOADED_KEY = 'chunk_reload'

/** Reloads once per failure episode; returns false when this tab already reloaded for it. */
export function reloadOnce(): boolean {
  try {
    if (sessionStorage.getItem(RELOADED_KEY)) return false
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()))
  } catch {
    return false // storage unavailable: never risk a reload loop
  }
  window.location.reload()
  return true
}

/** Clears the flag after a chunk loaded, so a later deploy may recover the same way. */
function loaded(): void {
  try {
    sessionStorage.removeItem(RELOADED_KEY)
  } catch {
    // storage unavailable: nothing to clear
  }
}

/**
 * `React.lazy` with the once-only reload: when `load` rejects (the dynamic import failed), the
 * page reloads and the component suspends meanwhile; after one reload the error propagates.
 */
export function lazyWithRetry<C extends ComponentType>(
  load: () => Promise<{ default: C }>,
): LazyExoticComponent<C> {
  return lazy(() =>
    load().then(
      (module) => {
        loaded()
        return module
      },
      (error: unknown) => {
        if (reloadOnce()) return new Promise<never>(() => undefined)
        throw error
      },
    ),
  )
}

/**
 * Handles Vite's `vite:preloadError` (a preloaded chunk or stylesheet failed) the same way:
 * reload once, and suppress the error while the page reloads.
 */
export function installPreloadErrorRecovery(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault()
  })
}
