/**
 * `false` until a component has rendered with `ready` true, then `true` from its next render, which runs in a task of
 * its own once the first has painted (effects run after paint). A screen draws what the user
 * sees first, its largest paint, in one short task and the rest in the next, so no single task
 * blocks a slow phone's main thread for long (TBT, issue 5). During hydration the value is `false`
 * on both sides, so what follows the first paint is never in the build's prerendered markup.
 */
import { useEffect, useState } from 'react'

export function useAfterFirstPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (ready) setPainted(true)
  }, [ready])
  return painted
}
