import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
vi.mock('@/lib/api-client', () => ({ api: { get: () => ({ json: async () => ({}) }) } }))
vi.mock('@/stores/get-user', () => ({ refreshUser: vi.fn(async () => undefined) }))
const dismiss = vi.fn(async (_id: string) => undefined)
vi.mock('@/lib/outbox/outbox', () => ({
  dismissOutboxItem: (id: string) => dismiss(id),
}))
const addWithdraw = vi.fn()
vi.mock('../api/add-withdraw', () => ({ addWithdraw: (...a: unknown[]) => addWithdraw(...a) }))
const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() })
vi.mock('react-hot-toast', () => ({ default: toast }))

const { default: AmountWithdraw } = await import('./amount-withdraw')

const { useUserStore } = await import('@/stores/user-store')

function renderPage(path = '/amount-withdraw?balance=1200&refercount=1') {
  const memory = memoryLocation({ path, record: true })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AmountWithdraw />
    </Router>,
  )
  return memory
}

function fill(upi: string, amount?: number) {
  if (amount !== undefined)
    fireEvent.change(screen.getByLabelText(/Amount to withdraw/), {
      target: { value: String(amount) },
    })
  fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: upi } })
}

const refusal = (code: string, message = '', extra: Record<string, unknown> = {}) => ({
  id: 'item-1',
  kind: 'final',
  error: { status: 403, code, message, extra },
})

beforeEach(() =>
  addWithdraw.mockResolvedValue({ id: 'item-1', kind: 'done', body: { message: 'ok' } }),
)
afterEach(() => vi.clearAllMocks())

describe('Withdraw page', () => {
  it("shows the server's balance over the address's, and says so when neither is known", () => {
    useUserStore.setState({
      user: {
        first_name: 'Asha',
        email: 'a@example.com',
        phone_number: '9876543210',
        points: 1_23_456_00,
        views: 30,
        referral_id: 'R1',
        referral_count: 3,
        membership__video_point: 10,
        is_faulty: false,
        platform_fee_paid: true,
        email_verified: true,
      },
    })
    renderPage('/amount-withdraw?balance=999999&refercount=1')
    expect(screen.getByText('Balance:')).toHaveTextContent('Balance: ₹1,23,456')
    useUserStore.setState({ user: null })
  })

  it('opened without ?balance= and no user says the balance is not known, not ₹0', () => {
    useUserStore.setState({ user: null })
    renderPage('/amount-withdraw')
    expect(screen.getByRole('alert')).toHaveTextContent('Your balance is not known yet.')
    expect(screen.queryByText(/Balance: ₹0/)).toBeNull()
  })

  it('runs the slider from 0 to the balance in whole rupees and shows the fee line', () => {
    renderPage()
    const slider = screen.getByLabelText(/Amount to withdraw/)
    expect(slider).toHaveAttribute('min', '0')
    expect(slider).toHaveAttribute('max', '1200')
    expect(slider).toHaveAttribute('step', '1')
    expect(screen.getByTestId('fee-line')).toHaveTextContent('Transfer fee: ₹1. You receive ₹1,199')
    fireEvent.change(slider, { target: { value: '500' } })
    expect(screen.getByTestId('fee-line')).toHaveTextContent('You receive ₹499')
  })

  it('blocks submit while the UPI ID is empty or invalid, and says why', () => {
    renderPage()
    const submit = screen.getByRole('button', { name: 'Withdraw' })
    expect(submit).toBeDisabled()
    fill('not-a-upi')
    // Leaving the field: a browser fires blur and focusout; onBlur listens to focusout (as React's does).
    fireEvent(screen.getByLabelText('UPI ID'), new FocusEvent('focusout', { bubbles: true }))
    expect(screen.getByText('Invalid UPI ID format.')).toBeInTheDocument()
    expect(submit).toBeDisabled()
    fill('asha@okaxis')
    expect(screen.queryByText('Invalid UPI ID format.')).not.toBeInTheDocument()
    expect(submit).toBeEnabled()
  })

  it('sends the slider value minus the fee and goes to the dashboard with keyfrom=withdrawal', async () => {
    const memory = renderPage()
    fill('asha@okaxis', 1000)
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(memory.history.at(-1)).toBe('/dashboard?keyfrom=withdrawal'))
    expect(addWithdraw).toHaveBeenCalledWith('asha@okaxis', 999)
    expect(toast.success).toHaveBeenCalledWith('Withdrawal request submitted successfully!')
  })

  it('goes to the platform fee page when the fee is not paid', async () => {
    addWithdraw.mockResolvedValue(refusal('PLATFORM_FEE_REQUIRED'))
    const memory = renderPage()
    fill('asha@okaxis')
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(memory.history.at(-1)).toBe('/platform-fee?amount=99'))
    expect(dismiss).toHaveBeenCalledWith('item-1')
  })

  it('goes to the refer page with keyfrom=withdrawal when referrals are missing', async () => {
    addWithdraw.mockResolvedValue(
      refusal('REFERRALS_REQUIRED', 'x', { referral_count: 2, referrals_needed: 3 }),
    )
    const memory = renderPage()
    fill('asha@okaxis')
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    await waitFor(() =>
      expect(memory.history.at(-1)).toBe('/referandearn?keyfrom=withdrawal&referralCount=2'),
    )
  })

  it('shows the minimum balance message', async () => {
    addWithdraw.mockResolvedValue(
      refusal('MIN_BALANCE', 'You need a minimum balance of ₹999 to withdraw earnings.'),
    )
    renderPage()
    fill('asha@okaxis')
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You need a minimum balance of ₹999 to withdraw earnings.',
    )
  })

  it('shows the general withdrawal error for other refusals', async () => {
    addWithdraw.mockResolvedValue(refusal('INSUFFICIENT_BALANCE', 'Not enough'))
    renderPage()
    fill('asha@okaxis')
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an issue with your withdrawal request. Please try again.',
    )
    expect(toast.error).toHaveBeenCalledWith(
      'There was an issue with your withdrawal request. Please try again.',
    )
  })

  it('keeps the request in the outbox when offline and says so', async () => {
    addWithdraw.mockResolvedValue({ id: 'item-1', kind: 'queued', error: null })
    const memory = renderPage()
    fill('asha@okaxis')
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(memory.history.at(-1)).toBe('/wallet'))
    expect(toast).toHaveBeenCalledWith(
      'You are offline. Your withdrawal request is saved and will be sent when you are back online.',
    )
    expect(dismiss).not.toHaveBeenCalled()
  })
})
