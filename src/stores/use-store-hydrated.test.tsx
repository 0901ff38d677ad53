import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useStoreHydrated } from './use-store-hydrated'

/** A stand-in for zustand's `persist` API whose hydration the test finishes. */
function fakeStore(hydrated: boolean) {
  const listeners = new Set<() => void>()
  const persist = {
    done: hydrated,
    hasHydrated: () => persist.done,
    onFinishHydration(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    finish() {
      persist.done = true
      listeners.forEach((listener) => listener())
    },
    listeners,
  }
  return { persist }
}

describe('useStoreHydrated', () => {
  it('is true at once for a store already read from storage', () => {
    const { result } = renderHook(() => useStoreHydrated(fakeStore(true)))
    expect(result.current).toBe(true)
  })

  it('turns true when the store finishes hydrating, and stops listening', () => {
    const store = fakeStore(false)
    const { result } = renderHook(() => useStoreHydrated(store))
    expect(result.current).toBe(false)
    expect(store.persist.listeners.size).toBe(1)
    act(() => store.persist.finish())
    expect(result.current).toBe(true)
    expect(store.persist.listeners.size).toBe(0)
  })
})
