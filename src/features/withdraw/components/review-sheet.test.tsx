import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ReviewSheet, type WithdrawalReview } from './review-sheet'

const REVIEW: WithdrawalReview = {
  amount: 1000,
  fee: 1,
  upiId: 'asha@okaxis',
  expected: '4 Dec (within 7 days)',
}

function renderSheet(props: Partial<Parameters<typeof ReviewSheet>[0]> = {}) {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  render(
    <main>
      <h1>Withdraw</h1>
      <ReviewSheet
        review={REVIEW}
        newPayee={false}
        online
        busy={false}
        pinError={null}
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      />
    </main>,
  )
  return {
    onConfirm,
    onCancel,
    dialog: screen.getByRole('dialog', { name: 'Review your withdrawal' }),
  }
}

/** The summary's lines as "label: value". */
const lines = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.sheet-summary-line')].map(
    (line) => `${line.querySelector('dt')?.textContent}: ${line.querySelector('dd')?.textContent}`,
  )

describe('ReviewSheet', () => {
  it('shows amount, fee, what the user receives, the UPI ID and the expected date before anything is sent', () => {
    const { onConfirm, onCancel, dialog } = renderSheet()
    expect(lines(dialog)).toEqual([
      'Amount: ₹1,000',
      'Transfer fee: − ₹1',
      'You receive: ₹999',
      'To UPI ID: asha@okaxis',
      'Expected by: 4 Dec (within 7 days)',
    ])
    expect(screen.getByRole('heading', { name: 'Review your withdrawal' })).toHaveFocus()
    expect(within(dialog).queryByLabelText('Your 4-digit PIN')).toBeNull()
    expect(onConfirm).not.toHaveBeenCalled()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }))
    expect(onCancel).toHaveBeenCalledOnce()
    expect(onConfirm).not.toHaveBeenCalled()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }))
    expect(onConfirm).toHaveBeenCalledWith(null)
    // The first render loads the dialog's modules: slow on a loaded machine.
  }, 15_000)

  it('asks for the PIN for a new UPI ID and confirms only with 4 digits', () => {
    const { onConfirm, dialog } = renderSheet({ newPayee: true })
    expect(within(dialog).getByTestId('new-payee')).toHaveTextContent(
      'You have not withdrawn to this UPI ID before. Enter your PIN to confirm it.',
    )
    const confirm = within(dialog).getByRole('button', { name: 'Confirm withdrawal' })
    const pin = within(dialog).getByLabelText('Your 4-digit PIN')
    expect(pin).toHaveAttribute('type', 'password')
    expect(confirm).toBeDisabled()
    fireEvent.change(pin, { target: { value: '12' } })
    expect(confirm).toBeDisabled()
    fireEvent.change(pin, { target: { value: '1234' } })
    expect(confirm).toBeEnabled()
    fireEvent.click(confirm)
    expect(onConfirm).toHaveBeenCalledWith('1234')
    // Enter in the PIN field confirms too.
    fireEvent.keyDown(pin, { key: 'Enter' })
    expect(onConfirm).toHaveBeenCalledTimes(2)
  })

  it("shows the server's refusal of the PIN under the field, once", () => {
    const { dialog } = renderSheet({
      newPayee: true,
      pinError: 'Wrong PIN. 4 tries left before your account is locked.',
    })
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1)
    expect(within(dialog).getByLabelText('Your 4-digit PIN')).toHaveAccessibleDescription(
      /Wrong PIN\. 4 tries left/,
    )
  })

  it('offline, a new UPI ID waits for the connection: no PIN field, Confirm off, and why', () => {
    const { dialog, onConfirm } = renderSheet({ newPayee: true, online: false })
    expect(within(dialog).getByTestId('new-payee')).toHaveTextContent(
      'You are offline. You have not withdrawn to this UPI ID before',
    )
    expect(within(dialog).queryByLabelText('Your 4-digit PIN')).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Confirm withdrawal' })).toBeDisabled()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('offline, a known UPI ID can still be confirmed (it is queued)', () => {
    const { dialog, onConfirm } = renderSheet({ online: false })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }))
    expect(onConfirm).toHaveBeenCalledWith(null)
  })

  it('while sending, both buttons are off and Confirm says so', () => {
    const { dialog } = renderSheet({ busy: true })
    expect(within(dialog).getByRole('button', { name: 'Submitting…' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeDisabled()
  })
})
