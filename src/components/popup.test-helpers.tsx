/**
 * Test helper for the popups' keyboard tests: the focus trap of a modal popup, asserted the same
 * way for every popup.
 */
import { expect } from 'vitest'
import type { UserEvent } from '@testing-library/user-event'

/**
 * Asserts that focus is on `controls[0]`, that Tab walks `controls` in order and wraps round to
 * the first, and that Shift+Tab walks them backwards and wraps round to the first again: focus
 * never leaves them. A popup with one control (or none: pass the dialog) keeps focus on it.
 */
export async function expectFocusTrappedIn(user: UserEvent, controls: HTMLElement[]) {
  const n = controls.length
  expect(controls[0]).toHaveFocus()
  for (let i = 1; i <= n; i++) {
    await user.tab()
    expect(controls[i % n]).toHaveFocus()
  }
  for (let i = n - 1; i >= 0; i--) {
    await user.tab({ shift: true })
    expect(controls[i]).toHaveFocus()
  }
}
