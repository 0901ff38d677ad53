/** Running non-critical work after the dashboard's first paint, when the main thread is idle. */

/**
 * Calls `fn` once the browser is idle (requestIdleCallback, at most `timeoutMs` ms later; a plain
 * timeout where it is missing). Returns a cancel function for an effect's cleanup.
 */
export function whenIdle(fn: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(fn, 1)
  return () => clearTimeout(timer)
}
