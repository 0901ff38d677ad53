import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
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
const addWithdrawWithPin = vi.fn()
vi.mock('../api/add-withdraw', () => ({
  addWithdraw: (...a: unknown[]) => addWithdraw(...a),
  addWithdrawWithPin: (...a: unknown[]) => addWithdrawWithPin(...a),
}))
const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() })
vi.mock('react-hot-toast', () => ({ default: toast }))
/** An eligible user on a 7-day plan who has withdrawn to asha@okaxis before. */
const ELIGIBLE: WithdrawalStatus = {
  conditions: [{ key: 'balance', met: true, have: 120000, need: 99900 }],
  eligible: true,
  payout_days: 7,
  video_point: 10,
  daily_videos: 20,
  days_to_min_balance: 0,
  known_upi_ids: ['asha@okaxis'],
}
let status: WithdrawalStatus | null = ELIGIBLE
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

function fill(upi: string, amount: string | number = 1000) {
  fireEvent.change(screen.getByLabelText(/Amount to withdraw/), {
    target: { value: String(amount) },
  })
  fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: upi } })
}

/** Opens the review sheet from the form and returns it. */
function review(): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }))
  return screen.getByRole('dialog', { name: 'Review your withdrawal' })
}

/** Fills the form, opens the review and confirms there (a known payee: no PIN). */
function withdraw(upi = 'asha@okaxis', amount: string | number = 1000) {
  fill(upi, amount)
  fireEvent.click(within(review()).getByRole('button', { name: 'Confirm withdrawal' }))
}

const refusal = (code: string, message = '', extra: Record<string, unknown> = {}) => ({
  id: 'item-1',
  kind: 'final',
  error: { status: 403, code, message, extra },
})

// A block, not an arrow returning the mock: a function beforeEach returns is run as its teardown.
beforeEach(() => {
  addWithdraw.mockResolvedValue({ id: 'item-1', kind: 'done', body: { message: 'ok' } })
})
afterEach(() => {
  vi.clearAllMocks()
  status = ELIGIBLE
  useOutboxStore.setState({ items: [] })
})

describe('Withdraw page', () => {
  it("shows the server's balance over the address's, rupees first, and says so when neither is known", () => {
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

  it('starts empty, takes whole rupees or a chip, and shows one line of what the user receives', () => {
    renderPage()
    const field = screen.getByLabelText('Amount to withdraw')
    expect(field).toHaveAttribute('inputmode', 'numeric')
    expect(field).toHaveValue('')
    expect(screen.getByTestId('fee-line')).toHaveTextContent('From ₹2 to ₹1,200. Transfer fee: ₹1.')
    fireEvent.change(field, { target: { value: '500' } })
    expect(screen.getByTestId('fee-line')).toHaveTextContent('Transfer fee: ₹1. You receive ₹499')
    fireEvent.click(screen.getByRole('button', { name: /25%/ }))
    expect(field).toHaveValue('300')
    expect(screen.getByRole('button', { name: /25%/ })).toHaveAttribute('aria-pressed', 'true')
    // Over the balance: one message, and no "You receive" beside it.
    fireEvent.change(field, { target: { value: '5000' } })
    expect(screen.getByRole('alert')).toHaveTextContent('You can take at most ₹1,200.')
    expect(screen.queryByTestId('fee-line')).toBeNull()
    expect(screen.queryByText(/You receive/)).toBeNull()
    fill('asha@okaxis', 5000)
    expect(screen.getByRole('button', { name: 'Review withdrawal' })).toBeDisabled()
    expect(screen.getByTestId('withdraw-blocker')).toHaveTextContent('Check the amount above.')
  })

  it('keeps 12.50, 1e3, abc and a 10-digit amount as typed, says why, and sends nothing', () => {
    renderPage()
    const field = screen.getByLabelText('Amount to withdraw')
    fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: 'asha@okaxis' } })
    for (const [text, words] of [
      ['12.50', 'Enter whole rupees only, without a decimal point'],
      ['1e3', 'Type the amount in digits only, like 1000.'],
      ['abc', 'Type the amount in digits only, like 1000.'],
      ['1234567890', 'You can take at most ₹1,200.'],
    ] as const) {
      fireEvent.change(field, { target: { value: text } })
      expect(field).toHaveValue(text)
      expect(screen.getByRole('alert')).toHaveTextContent(words)
      const button = screen.getByRole('button', { name: 'Review withdrawal' })
      expect(button).toBeDisabled()
      fireEvent.submit(button.closest('form') as HTMLFormElement)
      expect(screen.queryByRole('dialog')).toBeNull()
    }
    expect(addWithdraw).not.toHaveBeenCalled()
    expect(addWithdrawWithPin).not.toHaveBeenCalled()
  })

  it('says beside the disabled button why it cannot be used yet', () => {
    renderPage()
    const submit = screen.getByRole('button', { name: 'Review withdrawal' })
    expect(submit).toBeDisabled()
    expect(screen.getByTestId('withdraw-blocker')).toHaveTextContent(
      'Enter an amount, or pick one above.',
    )
    fireEvent.click(screen.getByRole('button', { name: /All/ }))
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
    expect(screen.getByTestId('fee-line')).toHaveTextContent('From ₹2 to ₹200.')
    expect(screen.getByRole('button', { name: /All/ })).toHaveTextContent('₹200')
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
      known_upi_ids: [],
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
    expect(screen.queryByRole('button', { name: 'Review withdrawal' })).toBeNull()
  })

  it('blocks the review while the UPI ID is empty or invalid, and says why', () => {
    renderPage()
    const submit = screen.getByRole('button', { name: 'Review withdrawal' })
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

  it('sends nothing until Confirm on the review sheet, which shows amount, fee, payout, UPI ID and due date', async () => {
    const memory = renderPage()
    fill('Asha@OKAXIS', 1000)
    const sheet = review()
    expect(sheet).toHaveTextContent('Amount₹1,000')
    expect(sheet).toHaveTextContent('Transfer fee− ₹1')
    expect(sheet).toHaveTextContent('You receive₹999')
    expect(sheet).toHaveTextContent('To UPI IDAsha@OKAXIS')
    expect(sheet).toHaveTextContent(/Expected by\d{1,2} \w{3}.*\(within 7 days\)/)
    expect(addWithdraw).not.toHaveBeenCalled()
    // Edit goes back to the form, nothing sent.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Edit' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(addWithdraw).not.toHaveBeenCalled()
    // A known payee in another letter case: no PIN asked; the amount minus the fee is sent.
    fireEvent.click(within(review()).getByRole('button', { name: 'Confirm withdrawal' }))
    await waitFor(() => expect(memory.history.at(-1)).toBe('/dashboard?keyfrom=withdrawal'))
    expect(addWithdraw).toHaveBeenCalledWith('Asha@OKAXIS', 999)
    expect(addWithdrawWithPin).not.toHaveBeenCalled()
    // One toast for the result (the notification offer grows into it, never stacks on it).
    expect(toast.success).toHaveBeenCalledWith('Withdrawal request submitted successfully!', TOAST)
  })

  it('asks for the PIN for a new UPI ID, sends it with the PIN (not through the outbox), and shows a wrong PIN in the sheet', async () => {
    addWithdrawWithPin.mockResolvedValueOnce({
      kind: 'final',
      error: {
        status: 403,
        code: 'PIN_WRONG',
        message: 'Wrong PIN. 4 tries left before your account is locked.',
        extra: { tries_left: 4 },
      },
    })
    addWithdrawWithPin.mockResolvedValueOnce({ kind: 'done' })
    const memory = renderPage()
    fill('ravi@ybl', 1000)
    const sheet = review()
    const pin = within(sheet).getByLabelText('Your 4-digit PIN')
    fireEvent.change(pin, { target: { value: '9999' } })
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm withdrawal' }))
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(
      'Wrong PIN. 4 tries left before your account is locked.',
    )
    expect(addWithdraw).not.toHaveBeenCalled()
    const [, , , firstKey] = addWithdrawWithPin.mock.calls[0] as unknown[]
    expect(addWithdrawWithPin.mock.calls[0]).toEqual(['ravi@ybl', 999, '9999', firstKey])
    fireEvent.change(pin, { target: { value: '1234' } })
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm withdrawal' }))
    await waitFor(() => expect(memory.history.at(-1)).toBe('/dashboard?keyfrom=withdrawal'))
    // The same request under the same key: a retry never debits twice.
    expect(addWithdrawWithPin.mock.calls[1]).toEqual(['ravi@ybl', 999, '1234', firstKey])
  })

  it('asks for the PIN when the server says the UPI ID is new although the saved list knew it', async () => {
    addWithdraw.mockResolvedValue(
      refusal(
        'PIN_REQUIRED',
        'Enter your PIN to withdraw to a UPI ID you have not withdrawn to before.',
      ),
    )
    renderPage()
    withdraw()
    const sheet = screen.getByRole('dialog', { name: 'Review your withdrawal' })
    expect(await within(sheet).findByLabelText('Your 4-digit PIN')).toBeInTheDocument()
    expect(dismiss).toHaveBeenCalledWith('item-1')
  })

  it('goes to the platform fee page when the fee is not paid', async () => {
    addWithdraw.mockResolvedValue(refusal('PLATFORM_FEE_REQUIRED'))
    const memory = renderPage()
    withdraw()
    await waitFor(() => expect(memory.history.at(-1)).toBe('/platform-fee?amount=99'))
    expect(dismiss).toHaveBeenCalledWith('item-1')
  })

  it('goes to the refer page with keyfrom=withdrawal when referrals are missing', async () => {
    addWithdraw.mockResolvedValue(
      refusal('REFERRALS_REQUIRED', 'x', { referral_count: 2, referrals_needed: 3 }),
    )
    const memory = renderPage()
    withdraw()
    await waitFor(() =>
      expect(memory.history.at(-1)).toBe('/referandearn?keyfrom=withdrawal&referralCount=2'),
    )
  })

  it('shows the minimum balance message', async () => {
    addWithdraw.mockResolvedValue(
      refusal('MIN_BALANCE', 'You need a minimum balance of ₹999 to withdraw earnings.'),
    )
    renderPage()
    withdraw()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You need a minimum balance of ₹999 to withdraw earnings.',
    )
  })

  it('shows the general withdrawal error for other refusals, once', async () => {
    addWithdraw.mockResolvedValue(refusal('INSUFFICIENT_BALANCE', 'Not enough'))
    renderPage()
    withdraw()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an issue with your withdrawal request. Please try again.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('keeps a withdrawal to a known UPI ID in the outbox when offline and says so', async () => {
    addWithdraw.mockResolvedValue({ id: 'item-1', kind: 'queued', error: null })
    const memory = renderPage()
    withdraw()
    await waitFor(() => expect(memory.history.at(-1)).toBe('/wallet'))
    expect(toast).toHaveBeenCalledWith(
      'You are offline. Your withdrawal request is saved and will be sent when you are back online.',
      TOAST,
    )
    expect(dismiss).not.toHaveBeenCalled()
  })
})
