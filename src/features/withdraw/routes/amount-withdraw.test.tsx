import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  addWithdraw,
  addWithdrawWithPin,
  fill,
  renderPage,
  resetWithdrawMocksEachTest,
  setStatus,
} from '../withdraw.test-helpers'

const { useUserStore } = await import('@/stores/user-store')
const { useOutboxStore } = await import('@/lib/outbox/outbox-store')

resetWithdrawMocksEachTest()

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
      // Fetched before this page was opened: the phone's saved copy, labelled with its time.
      fetchedAt: performance.timeOrigin - 5 * 60_000,
    })
    renderPage('/amount-withdraw?balance=999999&refercount=1')
    expect(screen.getByTestId('withdraw-balance')).toHaveTextContent(
      '₹1,23,456 (1,23,45,600 coins)',
    )
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent(/^Saved at \d/)
    useUserStore.setState({ user: null, fetchedAt: null })
  })

  it("keeps the saved-copy line empty, in its place, while the balance is the address's", () => {
    useUserStore.setState({ user: null, fetchedAt: null })
    renderPage('/amount-withdraw?balance=40&refercount=1')
    expect(screen.getByTestId('withdraw-balance')).toHaveTextContent('₹40')
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent('')
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
    setStatus({
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
    })
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
})
