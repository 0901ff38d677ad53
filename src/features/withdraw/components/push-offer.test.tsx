import type { ReactElement } from 'react'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
const notify = { custom: vi.fn(), success: vi.fn(), error: vi.fn() }
vi.mock('@/lib/notify', () => ({ notify }))
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
    expect(notify.custom).toHaveBeenCalledOnce()
    const [content, options] = notify.custom.mock.calls[0] as [
      (dismiss: () => void) => ReactElement,
      { id: string },
    ]
    expect(options.id).toBe('withdrawal-result')
    render(content(() => undefined))
    expect(screen.getByText(/Withdrawal request submitted successfully!/)).toHaveTextContent(
      'Get notified when this withdrawal is paid?',
    )
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeInTheDocument()
  })

  it('Not now takes the offer away and is remembered', async () => {
    await offerPushAfterWithdrawal()
    const [content] = notify.custom.mock.calls[0] as [(dismiss: () => void) => ReactElement]
    const dismiss = vi.fn()
    render(content(dismiss))
    screen.getByRole('button', { name: 'Not now' }).click()
    expect(dismiss).toHaveBeenCalledOnce()
    notify.custom.mockClear()
    await offerPushAfterWithdrawal()
    expect(notify.custom).not.toHaveBeenCalled()
  })

  it('leaves the success toast alone where push is on, blocked or unsupported', async () => {
    state = 'unsupported'
    await offerPushAfterWithdrawal()
    expect(notify.custom).not.toHaveBeenCalled()
  })
})
