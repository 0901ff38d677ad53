/**
 * `false` until a component has rendered with `ready` true, then `true` from its next render, which
 * runs in a task of its own once the first has painted (effects run after paint). A screen draws
 * what the user sees first, its largest paint, in one short task and the rest in the next, so no
 * single task blocks a slow phone's main thread for long (TBT). During hydration the value is
 * `false` on both sides, so what follows the first paint is never in the build's prerendered
 * markup.
 *
 * With `transition`, the second render is a transition: React renders it in slices with the main
 * thread free in between, and keeps what is on screen until any code it needs has loaded. Use it on
 * a hydrated page (the app's chrome, the landing): there an urgent update reaches the screen's
 * Suspense boundary before React has hydrated it (it hydrates those after the shell), and React
 * then hydrates the whole screen at once, synchronously, in one long task on a slow phone (TBT).
 * Without it the update is urgent, so a part loaded on demand shows its Suspense fallback first
 * (the dashboard's player placeholder).
 */
import { startTransition, useEffect, useState } from 'react'

export function useAfterFirstPaint(ready = true, { transition = false } = {}): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!ready) return
    if (transition) startTransition(() => setPainted(true))
    else setPainted(true)
  }, [ready, transition])
  return painted
}
