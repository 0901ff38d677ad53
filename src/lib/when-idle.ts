/** Running non-critical work after a screen's first paint, when the main thread is idle. */
import { useEffect, useState } from 'react'

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

/** Whether the page's first screen has settled (useSettled): later screens need not wait again. */
let pageSettled = false

/**
 * False until the page's first screen has settled (whenSettled), then true; true at once for every
 * screen after that. For the parts of a screen its first frame does without (the Refresh button
 * beside the saved copy's time, Install app, the update prompt): their code is fetched after the
 * first screen's largest paint, not in the same round trips.
 */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(pageSettled)
  useEffect(() => {
    if (settled) return
    return whenSettled(() => {
      pageSettled = true
      setSettled(true)
    })
  }, [settled])
  return settled
}
