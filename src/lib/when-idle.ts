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

/**
 * Calls `fn` once the first screen has settled: `delayMs` ms from now, then when the browser is
 * idle (at most `timeoutMs` ms later). For work no screen draws (the service worker's registration,
 * the outbox's start), so its requests never compete with the first screen's largest paint on a
 * slow network (LCP). Returns a cancel function.
 */
export function whenSettled(fn: () => void, delayMs = 1_000, timeoutMs = 2_000): () => void {
  let cancelIdle: (() => void) | null = null
  const timer = setTimeout(() => (cancelIdle = whenIdle(fn, timeoutMs)), delayMs)
  return () => {
    clearTimeout(timer)
    cancelIdle?.()
  }
}
