/**
 * Whether the component is drawn in the browser after hydration: false in the server render
 * (src/entry-server.tsx) and while the client hydrates a rendered page, true once it has. A part
 * that depends on what only the browser knows (the address's query) draws its placeholder until
 * then, so the hydration matches the page.
 */
import { useSyncExternalStore } from 'react'

const nothingToWatch = () => () => undefined

export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  )
}
