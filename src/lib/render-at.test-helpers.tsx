/**
 * Test helpers for the screens' component tests: render a screen at a URL inside an in-memory
 * wouter router, in StrictMode as the app does, read where it navigated to, and let mocked API
 * answers land.
 */
import { StrictMode, type ReactElement } from 'react'
import { act, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

/**
 * Renders `ui` at `url` (path plus optional query). Returns the render result, a user-event
 * `user` (driving Vitest's fake timers when `fakeTimers`) and `currentUrl()`, the URL the screen
 * shows now (path and query).
 */
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
  const currentUrl = () => location.history.at(-1)
  return { ...view, user, currentUrl }
}

/** Lets pending promise callbacks (mocked API answers) and their state updates run. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })
}
