/** Running non-critical work after a screen's first paint, when the main thread is idle. */

/**
 * Calls `fn` once the browser is idle (requestIdleCallback, at most `timeoutMs` ms later; where it
 * is missing, after `fallbackDelayMs` ms). Returns a cancel function for an effect's cleanup.
 */
export function whenIdle(fn: () => void, timeoutMs = 2_000, fallbackDelayMs = 1): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(fn, fallbackDelayMs)
  return () => clearTimeout(timer)
}
