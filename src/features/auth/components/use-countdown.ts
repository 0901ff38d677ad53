/**
 * The resend countdown of the OTP screens (docs/product.md#flows, #rules): 10 s on the reset screen, 59 s after
 * signup and after any resend. It counts against a deadline on the wall clock, so a re-render,
 * a slow tick or a throttled background tab never stretches it.
 */
import { useCallback, useEffect, useState } from 'react'

const TICK_MS = 250

export interface Countdown {
  /** Whole seconds left (rounded up), 0 once the deadline has passed. */
  secondsLeft: number
  /** Starts the countdown again from `seconds` (seconds, not ms). */
  restart(seconds: number): void
}

/** Counts down from `initialSeconds` (seconds) as soon as the component mounts. */
export function useCountdown(initialSeconds: number): Countdown {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000)
  const [now, setNow] = useState(() => Date.now())
  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000))
  const running = secondsLeft > 0

  useEffect(() => {
    if (!running) return
    const id = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(id)
  }, [running, deadline])

  const restart = useCallback((seconds: number) => {
    const start = Date.now()
    setNow(start)
    setDeadline(start + seconds * 1000)
  }, [])

  return { secondsLeft, restart }
}

/** '00:SS' as the resend line shows it (docs/product.md#screens: 'Resend code in 00:SS'). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}
