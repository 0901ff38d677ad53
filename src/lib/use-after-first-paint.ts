/**
 * `false` until a component has rendered with `ready` true, then `true` from its next render, which runs in a task of
 * its own once the first has painted (effects run after paint). A screen draws what the user
 * sees first, its largest paint, in one short task and the rest in the next, so no single task
 * blocks a slow phone's main thread for long (TBT, issue 5). During hydration the value is `false`
 * on both sides, so what follows the first paint is never in the build's prerendered markup.
 *
 * The second render is a transition, so React renders it in slices with the main thread free in
 * between. A plain update would be urgent: on a hydrated page it reaches a screen whose Suspense
 * boundary React has not hydrated yet (it hydrates those after the shell), and React then
 * hydrates the whole screen at once, synchronously: one task of 300–500 ms on a slow phone
 * (the landing's TBT, issue 12).
 */
import { startTransition, useEffect, useState } from 'react'

export function useAfterFirstPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (ready) startTransition(() => setPainted(true))
  }, [ready])
  return painted
}
