// The review sheet, the PIN and what Confirm sends (hooks/use-withdraw-send.ts); the form itself
// is amount-withdraw.test.tsx's.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  addWithdraw,
  addWithdrawWithPin,
  dismiss,
  fill,
  refusal,
  renderPage,
  resetWithdrawMocksEachTest,
  review,
  notify,
  TOAST,
  withdraw,
} from '../withdraw.test-helpers'

resetWithdrawMocksEachTest()

describe('Withdraw page: review and send', () => {
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
    expect(notify.success).toHaveBeenCalledWith('Withdrawal request submitted successfully!', TOAST)
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
    expect(notify.error).not.toHaveBeenCalled()
  })

  it('keeps a withdrawal to a known UPI ID in the outbox when offline and says so', async () => {
    addWithdraw.mockResolvedValue({ id: 'item-1', kind: 'queued', error: null })
    const memory = renderPage()
    withdraw()
    await waitFor(() => expect(memory.history.at(-1)).toBe('/wallet'))
    expect(notify.info).toHaveBeenCalledWith(
      'You are offline. Your withdrawal request is saved and will be sent when you are back online.',
      TOAST,
    )
    expect(dismiss).not.toHaveBeenCalled()
  })
})
