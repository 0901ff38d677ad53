import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { WithdrawalStatus } from '@/lib/withdrawal-status'

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
let status: WithdrawalStatus | null = null
vi.mock('@/lib/withdrawal-status', () => ({ useWithdrawalStatus: () => status }))
const TOAST = { id: 'withdrawal-result' }

const { default: AmountWithdraw } = await import('./amount-withdraw')

const { useUserStore } = await import('@/stores/user-store')
const { useOutboxStore } = await import('@/lib/outbox/outbox-store')

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
afterEach(() => {
  vi.clearAllMocks()
  status = null
  useOutboxStore.setState({ items: [] })
})

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
    expect(screen.getByTestId('withdraw-balance')).toHaveTextContent(
      '₹1,23,456 (1,23,45,600 coins)',
    )
    useUserStore.setState({ user: null })
  })

  it('opened without ?balance= and no user says the balance is not known, not ₹0', () => {
    useUserStore.setState({ user: null })
    renderPage('/amount-withdraw')
    expect(screen.getByRole('alert')).toHaveTextContent('Your balance is not known yet.')
    expect(screen.queryByText(/Balance: ₹0/)).toBeNull()
  })

  it('takes a typed amount in whole rupees or a quick chip, within the balance, and shows the fee line', () => {
    renderPage()
    const field = screen.getByLabelText('Amount to withdraw')
    expect(field).toHaveAttribute('inputmode', 'numeric')
    expect(field).toHaveValue('1200')
    expect(screen.getByText('From ₹2 to ₹1,200')).toBeInTheDocument()
    expect(screen.getByTestId('fee-line')).toHaveTextContent('Transfer fee: ₹1. You receive ₹1,199')
    fireEvent.change(field, { target: { value: '5,00' } })
    expect(field).toHaveValue('500')
    expect(screen.getByTestId('fee-line')).toHaveTextContent('You receive ₹499')
    fireEvent.click(screen.getByRole('button', { name: /25%/ }))
    expect(field).toHaveValue('300')
    expect(screen.getByRole('button', { name: /25%/ })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.change(field, { target: { value: '5000' } })
    expect(screen.getByRole('alert')).toHaveTextContent('You can take at most ₹1,200.')
    fill('asha@okaxis')
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled()
    expect(screen.getByTestId('withdraw-blocker')).toHaveTextContent(
      'Choose an amount from ₹2 to ₹1,200.',
    )
  })

  it('says beside the disabled Withdraw button why it cannot be used yet', () => {
    renderPage()
    const submit = screen.getByRole('button', { name: 'Withdraw' })
    expect(submit).toBeDisabled()
    expect(screen.getByTestId('withdraw-blocker')).toHaveTextContent('Enter your UPI ID.')
    expect(submit).toHaveAccessibleDescription('Enter your UPI ID.')
    fill('asha@okaxis')
    expect(screen.queryByTestId('withdraw-blocker')).toBeNull()
  })

  it('offers only what is left after the withdrawals waiting in the outbox', () => {
    useOutboxStore.setState({
      items: [
        {
          id: 'q1',
          kind: 'withdrawal',
          url: '/api/v1/add-withdraw/',
          body: { upi_id: 'asha@okaxis', amount: 999 },
          idempotencyKey: 'k1',
          token: 't',
          createdAt: 0,
          attempts: 1,
          nextAttemptAt: 0,
          state: 'pending',
          lastError: null,
        },
      ],
    })
    renderPage()
    // ₹1,200 − (₹999 + ₹1 fee) = ₹200.
    expect(screen.getByLabelText('Amount to withdraw')).toHaveValue('200')
    expect(screen.getByText('From ₹2 to ₹200')).toBeInTheDocument()
    expect(screen.getByTestId('queued-note')).toHaveTextContent(
      '₹1,000 waiting to be sent; ₹200 left to withdraw.',
    )
  })

  it('draws the not-eligible state as such: the conditions still to meet, no form', () => {
    status = {
      conditions: [
        { key: 'balance', met: true, have: 120000, need: 99900 },
        { key: 'videos', met: false, have: 3, need: 25 },
        { key: 'referrals', met: false, have: 1, need: 3 },
        { key: 'platformFee', met: true, have: 1, need: 1 },
      ],
      eligible: false,
      payout_days: 7,
      video_point: 10,
      daily_videos: 20,
      days_to_min_balance: 0,
    }
    renderPage()
    const card = screen.getByTestId('not-eligible')
    expect(card).toHaveTextContent('You cannot withdraw yet')
    expect(card).toHaveTextContent('At least 25 videos watched (3 of 25 videos)')
    expect(card).toHaveTextContent('(1 of 3 friends)')
    expect(card).not.toHaveTextContent('A balance of at least')
    expect(screen.getByRole('link', { name: 'Refer friends' })).toHaveAttribute(
      'href',
      '/referandearn?keyfrom=withdrawal&referralCount=1',
    )
    expect(screen.queryByLabelText('Amount to withdraw')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull()
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

  it('sends the chosen amount minus the fee and goes to the dashboard with keyfrom=withdrawal', async () => {
    const memory = renderPage()
    fill('asha@okaxis', 1000)
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(memory.history.at(-1)).toBe('/dashboard?keyfrom=withdrawal'))
    expect(addWithdraw).toHaveBeenCalledWith('asha@okaxis', 999)
    // One toast for the result (the notification offer grows into it, never stacks on it).
    expect(toast.success).toHaveBeenCalledWith('Withdrawal request submitted successfully!', TOAST)
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
      TOAST,
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
      TOAST,
    )
    expect(dismiss).not.toHaveBeenCalled()
  })
})
