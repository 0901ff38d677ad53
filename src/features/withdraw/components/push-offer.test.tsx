import type { ReactElement } from 'react'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() })
vi.mock('react-hot-toast', () => ({ default: toast }))
let state = 'off'
vi.mock('@/lib/push-subscription', () => ({
  pushState: async () => state,
  turnOnPush: vi.fn(async () => 'on'),
}))

const { offerPushAfterWithdrawal } = await import('./push-offer')

afterEach(() => {
  vi.clearAllMocks()
  localStorage.clear()
  state = 'off'
})

describe('the notification offer after a withdrawal', () => {
  it('grows the success toast into the offer (the same toast), never a second message', async () => {
    await offerPushAfterWithdrawal()
    expect(toast).toHaveBeenCalledOnce()
    const [content, options] = toast.mock.calls[0] as [
      (shown: { id: string }) => ReactElement,
      { id: string },
    ]
    expect(options.id).toBe('withdrawal-result')
    render(content({ id: 'withdrawal-result' }))
    expect(screen.getByText(/Withdrawal request submitted successfully!/)).toHaveTextContent(
      'Get notified when this withdrawal is paid?',
    )
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeInTheDocument()
  })

  it('leaves the success toast alone where push is on, blocked or unsupported', async () => {
    state = 'unsupported'
    await offerPushAfterWithdrawal()
    expect(toast).not.toHaveBeenCalled()
  })
})
