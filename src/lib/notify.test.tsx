import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'

// jsdom has no matchMedia; the toaster asks it whether the user prefers reduced motion.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList

/** notify.ts as a page that has shown no toast yet: its toaster not loaded, nothing drawn. */
async function freshNotify() {
  vi.resetModules()
  return import('./notify')
}

afterEach(() => {
  document.body.innerHTML = ''
  vi.doUnmock('./toaster')
})

describe('notify, with the real toaster', () => {
  it('draws the toaster with the first toast and shows a toast asked before it arrived', async () => {
    const { notify } = await freshNotify()
    expect(document.querySelector('[data-rht-toaster]')).toBeNull()
    notify.success('Profile updated successfully!')
    // Asked before the toaster's module has arrived: it is shown once it has.
    expect(document.querySelector('[data-rht-toaster]')).toBeNull()
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument()
    expect(document.querySelectorAll('[data-rht-toaster]')).toHaveLength(1)
  })

  it('keeps one result on screen: the later result takes the earlier one’s place', async () => {
    const { notify } = await freshNotify()
    notify.success('OTP Sent Successfully!')
    notify.error('Login failed')
    expect(await screen.findByText('Login failed')).toBeInTheDocument()
    expect(screen.queryByText('OTP Sent Successfully!')).toBeNull()
    notify.success('Login successful!')
    expect(await screen.findByText('Login successful!')).toBeInTheDocument()
    expect(screen.queryByText('Login failed')).toBeNull()
    expect(document.querySelectorAll('[data-rht-toaster]')).toHaveLength(1)
  })
})

describe('notify, its toaster observed', () => {
  const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() })
  const mountToaster = vi.fn()
  beforeEach(() => {
    vi.clearAllMocks()
    vi.doMock('./toaster', () => ({ toast, mountToaster }))
  })

  it('loads nothing to take a toast away when none was ever asked for', async () => {
    const { notify } = await freshNotify()
    notify.clear()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(mountToaster).not.toHaveBeenCalled()
    expect(toast.dismiss).not.toHaveBeenCalled()
  })

  it('does what was asked before the toaster arrived, in order, and mounts it once', async () => {
    const { notify, RESULT_TOAST_ID } = await freshNotify()
    notify.success('Withdrawal request submitted successfully!', { id: 'withdrawal-result' })
    notify.clear('withdrawal-result')
    notify.info('Saved', { duration: 15_000 })
    await waitFor(() => expect(toast).toHaveBeenCalled())
    expect(mountToaster).toHaveBeenCalledOnce()
    const order = (mock: { mock: { invocationCallOrder: number[] } }) =>
      mock.mock.invocationCallOrder[0] ?? Infinity
    expect(order(toast.success)).toBeLessThan(order(toast.dismiss))
    expect(order(toast.dismiss)).toBeLessThan(order(toast))
    expect(toast.success).toHaveBeenCalledWith('Withdrawal request submitted successfully!', {
      id: 'withdrawal-result',
    })
    expect(toast.dismiss).toHaveBeenCalledWith('withdrawal-result')
    expect(toast).toHaveBeenCalledWith('Saved', { id: RESULT_TOAST_ID, duration: 15_000 })
    // Once here, a toast is shown at once.
    notify.error('Login failed')
    expect(toast.error).toHaveBeenCalledWith('Login failed', { id: RESULT_TOAST_ID })
    expect(mountToaster).toHaveBeenCalledOnce()
  })

  it('gives a custom toast the function that takes that toast away', async () => {
    toast.mockImplementation((content: (shown: { id: string }) => unknown) =>
      content({ id: 'shown-id' }),
    )
    const { notify } = await freshNotify()
    const content = vi.fn((dismiss: () => void) => {
      dismiss()
      return <span />
    })
    notify.custom(content, { id: 'withdrawal-result' })
    await waitFor(() => expect(content).toHaveBeenCalled())
    expect(toast.dismiss).toHaveBeenCalledWith('shown-id')
  })
})
