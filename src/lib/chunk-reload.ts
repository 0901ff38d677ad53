/**
 * Recovery when a code chunk fails to load after a deploy (the old chunk names are gone from the
 * server): reload the page once, so it fetches the new HTML and its new chunks. A sessionStorage
 * flag makes it once per tab, so a real outage shows an error instead of a reload loop. No React
 * here: the boot module uses it before the app's code has loaded.
 */

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
export function chunkLoaded(): void {
  try {
    sessionStorage.removeItem(RELOADED_KEY)
  } catch {
    // storage unavailable: nothing to clear
  }
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
