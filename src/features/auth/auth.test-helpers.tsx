/**
 * Helpers for the account screens' component tests: render a screen at a URL inside an in-memory
 * wouter router, and read where it navigated to.
 */
import { StrictMode, type ReactElement } from 'react'
import { act, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

/** Renders `ui` at `url` (path plus optional query) in StrictMode, as the app does. */
export function renderAt(ui: ReactElement, url: string, { fakeTimers = false } = {}) {
  const location = memoryLocation({ path: url, record: true })
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {})
  const view = render(
    <StrictMode>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </StrictMode>,
  )
  /** The URL the screen shows now (path and query). */
  const currentUrl = () => location.history.at(-1)
  return { ...view, user, currentUrl }
}

/** Lets pending promise callbacks (mocked API answers) and their state updates run. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })
}

/** Moves fake time on by `ms` milliseconds inside act, so the countdown re-renders. */
export async function passTime(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}
