/**
 * Whether the visitor is logged in, for a component's render (a hook apart from ./session.ts,
 * which the tiny entry script imports without React).
 */
import { useSyncExternalStore } from 'react'
import { isLoggedIn } from './session'

/** Calls `onChange` when another tab logs in or out; returns the unsubscribe. */
function subscribeToSession(onChange: () => void): () => void {
  window.addEventListener('storage', onChange)
  return () => window.removeEventListener('storage', onChange)
}

/**
 * The stored token's answer (docs/product.md#screens), except while a rendered page is hydrated: its server render
 * knows no visitor (src/entry-server.tsx), so the hydration draws the guest's view, as the page
 * has it, and the visitor's view follows at once.
 */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, isLoggedIn, () => false)
}
