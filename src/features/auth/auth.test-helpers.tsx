/**
 * Helpers for the account screens' component tests: the screens' shared `renderAt` and `settle`
 * (src/lib/render-at.test-helpers.tsx), and moving fake time for the resend countdowns.
 */
import { act } from '@testing-library/react'
import { vi } from 'vitest'

export { renderAt, settle } from '@/lib/render-at.test-helpers'

/** Moves fake time on by `ms` milliseconds inside act, so the countdown re-renders. */
export async function passTime(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}
