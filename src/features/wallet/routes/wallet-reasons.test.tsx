/**
 * The wallet's failed payouts and rejected payments show the reason as our team's words, in English
 * and in Hindi.
 */
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Wallet, activateLocale, getWallet } from './wallet.test-helpers'

describe('Wallet: reasons', () => {
  it("shows the reason of a failed payout and a rejected payment as our team's words", async () => {
    getWallet.mockResolvedValue({
      balance: 0,
      entries: [],
      withdrawals: [
        {
          id: 7,
          upi_id: 'a@upi',
          amount: 300,
          fee: 1,
          status: 'failed',
          upi_reference: null,
          created_at: '2026-11-22T10:00:00Z',
          due_at: null,
          withdrawl_days: null,
          reason: 'UPI ID closed',
        },
      ],
      orders: [
        {
          order_id: 'WE0000000000000003',
          amount: 499,
          purpose: 'membership',
          status: 'rejected',
          created_at: '2026-11-22T10:00:00Z',
          expires_at: null,
          utr: null,
          reason: 'rejected from the command line',
        },
        {
          order_id: 'WE0000000000000004',
          amount: 99,
          purpose: 'platform_fee',
          status: 'confirmed',
          created_at: '2026-11-22T10:00:00Z',
          expires_at: null,
          utr: null,
          reason: null,
        },
      ],
    })
    const view = render(<Wallet />)
    const withdrawal = await screen.findByTestId('withdrawal-row')
    const said = within(withdrawal).getByTestId('operator-reason')
    expect(said).toHaveTextContent('Reason given by our team: UPI ID closed')
    // The operator's words are quoted, in the language they are written in.
    expect(said.querySelector('q')).toHaveAttribute('lang', 'en')
    const [rejected, confirmed] = screen.getAllByTestId('order-row')
    expect(within(rejected as HTMLElement).getByTestId('operator-reason')).toHaveTextContent(
      'Reason given by our team: Your payment did not reach us.',
    )
    expect(within(confirmed as HTMLElement).queryByTestId('operator-reason')).toBeNull()
    view.unmount()
    await activateLocale('hi')
    try {
      render(<Wallet />)
      const hindiRow = await screen.findByTestId('withdrawal-row')
      expect(within(hindiRow).getByTestId('operator-reason')).toHaveTextContent(
        'हमारी टीम का बताया कारण: UPI ID closed',
      )
      expect(
        within(screen.getAllByTestId('order-row')[0] as HTMLElement).getByTestId('operator-reason'),
      ).toHaveTextContent('हमारी टीम का बताया कारण: आपका भुगतान हम तक नहीं पहुँचा।')
    } finally {
      await activateLocale('en')
    }
  })
})
