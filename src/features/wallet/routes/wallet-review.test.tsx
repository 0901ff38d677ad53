/**
 * A withdrawal an operator reviews (docs/product.md#scale): held, it reads "under review" with the same
 * promised date as a requested one (and overdue once that date passes); rejected, it shows the
 * operator's reason like a failed payout. In English and in Hindi.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { WalletWithdrawal } from '@contract/api/earning'
import { Wallet, activateLocale, getWallet } from './wallet.test-helpers'

const withdrawal = (over: Partial<WalletWithdrawal>): WalletWithdrawal => ({
  id: 1,
  upi_id: 'a@upi',
  amount: 300,
  fee: 1,
  status: 'held',
  upi_reference: null,
  created_at: '2026-11-23T05:00:00Z',
  due_at: '2026-11-28T05:00:00Z',
  withdrawl_days: 5,
  reason: null,
  ...over,
})

const walletWith = (withdrawals: WalletWithdrawal[]) =>
  getWallet.mockResolvedValue({ balance: 0, entries: [], withdrawals, orders: [] })

describe('Wallet: withdrawals under review', () => {
  it('shows a held withdrawal as under review, with the promised date unchanged', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T06:00:00Z') })
    try {
      walletWith([withdrawal({ id: 1 }), withdrawal({ id: 2, status: 'requested' })])
      render(<Wallet />)
      const [held, requested] = await screen.findAllByTestId('withdrawal-row')
      const chip = (held as HTMLElement).querySelector('[data-status="held"]')
      expect(chip).toHaveTextContent('under review')
      expect(chip).toHaveClass('status-chip-wait')
      expect(within(held as HTMLElement).getByTestId('payout-due')).toHaveTextContent(
        'expected by 28 Nov',
      )
      expect(within(requested as HTMLElement).getByTestId('payout-due')).toHaveTextContent(
        'expected by 28 Nov',
      )
      expect(within(held as HTMLElement).queryByTestId('operator-reason')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows a held withdrawal past its due date as overdue like any other', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T06:00:00Z') })
    try {
      walletWith([withdrawal({})])
      render(<Wallet />)
      const row = await screen.findByTestId('withdrawal-row')
      expect(within(row).getByTestId('payout-due')).toHaveTextContent(
        'was due 28 Nov: we are on it',
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it("shows a rejected withdrawal with the operator's reason and no due date", async () => {
    walletWith([withdrawal({ status: 'rejected', reason: 'Same UPI ID as 4 other accounts' })])
    const view = render(<Wallet />)
    const row = await screen.findByTestId('withdrawal-row')
    const chip = row.querySelector('[data-status="rejected"]')
    expect(chip).toHaveTextContent('rejected')
    expect(chip).toHaveClass('status-chip-bad')
    expect(within(row).getByTestId('operator-reason')).toHaveTextContent(
      'Reason given by our team: Same UPI ID as 4 other accounts',
    )
    expect(within(row).queryByTestId('payout-due')).toBeNull()
    view.unmount()
    await activateLocale('hi')
    try {
      walletWith([
        withdrawal({ id: 1 }),
        withdrawal({ id: 2, status: 'rejected', reason: 'Same UPI ID as 4 other accounts' }),
      ])
      render(<Wallet />)
      // The wallet saved from the English render shows first; then the new answer's two rows.
      await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(2))
      const [held, rejected] = screen.getAllByTestId('withdrawal-row')
      expect((held as HTMLElement).querySelector('[data-status="held"]')).toHaveTextContent('जाँच में')
      expect((rejected as HTMLElement).querySelector('[data-status="rejected"]')).toHaveTextContent(
        'अस्वीकार',
      )
      expect(within(rejected as HTMLElement).getByTestId('operator-reason')).toHaveTextContent(
        'हमारी टीम का बताया कारण: Same UPI ID as 4 other accounts',
      )
    } finally {
      await activateLocale('en')
    }
  })
})
