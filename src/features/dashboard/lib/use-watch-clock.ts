/**
 * The played-time clock of the player (docs/product.md#flows): seconds advance only while the media really plays
 * and the page is visible (`document.visibilityState`), and the completion fires once.
 */
import { useEffect, useRef, useState } from 'react'

const TICK_MS = 250

/**
 * Counts seconds from `initialSeconds` while `active` and the page is visible; calls `onProgress`
 * about once a second (to persist it) and `onComplete(watchedAtIso)` once when `target` is reached.
 * Returns the seconds counted so far.
 */
export function useWatchClock(options: {
  active: boolean
  initialSeconds: number
  target: number
  onProgress(seconds: number): void
  onComplete(watchedAt: string): void
}): number {
  const { active, initialSeconds, target } = options
  const [seconds, setSeconds] = useState(initialSeconds)
  const secondsRef = useRef(initialSeconds)
  const doneRef = useRef(initialSeconds >= target)
  const callbacks = useRef(options)
  useEffect(() => {
    callbacks.current = options
  })

  useEffect(() => {
    if (!active || doneRef.current) return
    let last = Date.now()
    let lastSaved = secondsRef.current
    const timer = setInterval(() => {
      const now = Date.now()
      const elapsed = (now - last) / 1000
      last = now
      if (document.visibilityState !== 'visible' || doneRef.current) return
      const next = Math.min(target, secondsRef.current + elapsed)
      secondsRef.current = next
      setSeconds(next)
      if (next - lastSaved >= 1) {
        lastSaved = next
        callbacks.current.onProgress(next)
      }
      if (next >= target) {
        doneRef.current = true
        callbacks.current.onComplete(new Date(now).toISOString())
      }
    }, TICK_MS)
    // Hidden pages get throttled timers: restart the measure when visibility changes, so time
    // spent hidden never lands in the first tick after the page shows again.
    const onVisibility = () => {
      last = Date.now()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [active, target])

  return seconds
}
