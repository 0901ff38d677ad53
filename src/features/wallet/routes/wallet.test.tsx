import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  Wallet,
  WALLET_FAILED,
  dismiss,
  getWallet,
  outboxItem,
  useOutboxStore,
  useWalletStore,
} from './wallet.test-helpers'

describe('Wallet', () => {
  it('lists every ledger row with kind, signed rupees with coins beside, status and UPI reference', async () => {
    render(<Wallet />)
    const rows = await screen.findAllByTestId('ledger-row')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('Signup bonus')
    expect(rows[0]).toHaveTextContent('+₹100 (10,000 coins)')
    expect(rows[0]).toHaveTextContent('confirmed')
    expect(rows[1]).toHaveTextContent('Withdrawal')
    expect(rows[1]).toHaveTextContent('−₹10 (1,000 coins)')
    expect(rows[1]).toHaveTextContent('UPI reference: UTR123456')
    expect(rows[2]).toHaveTextContent('pending')
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹95 (9,500 coins)')
  })

  it('lists withdrawals with status and reference, and orders', async () => {
    render(<Wallet />)
    const withdrawal = await screen.findByTestId('withdrawal-row')
    expect(withdrawal).toHaveTextContent('Withdrawal₹9')
    expect(withdrawal).toHaveTextContent('To a@upi')
    expect(withdrawal).toHaveTextContent('paid')
    expect(withdrawal).toHaveTextContent('UPI reference: UTR123456')
    expect(screen.getByTestId('order-row')).toHaveTextContent('Membership plan₹499')
    expect(screen.getByTestId('order-row')).toHaveTextContent('confirmed')
    // The whole history is on this page: no list offers older rows.
    expect(screen.queryByRole('button', { name: /^Show older/ })).toBeNull()
  })

  it('offers older withdrawals and payments under their own lists when there are more', async () => {
    // The usual wallet (beforeEach's answer), with older withdrawals and payments on the server.
    const usual = (await getWallet()) as object
    getWallet.mockResolvedValue({ ...usual, next: null, withdrawals_next: '5', orders_next: '9' })
    render(<Wallet />)
    const section = async (title: string) =>
      (await screen.findByRole('heading', { name: title })).closest('section') as HTMLElement
    expect(
      within(await section('Withdrawals')).getByRole('button', { name: 'Show older withdrawals' }),
    ).toBeInTheDocument()
    expect(
      within(await section('Payments')).getByRole('button', { name: 'Show older payments' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show older movements' })).toBeNull()
  })

  it('shows a payment row in rupees, the payout due date, and a way back to an open payment', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T06:00:00Z') })
    try {
      getWallet.mockResolvedValue({
        balance: 0,
        entries: [
          {
            id: 9,
            kind: 'platform_fee',
            coins: 0,
            rupees: 99,
            status: 'confirmed',
            description: 'Platform fee of ₹99 paid',
            reference: '412345678901',
            created_at: '2026-11-22T10:00:00Z',
          },
        ],
        withdrawals: [
          {
            id: 6,
            upi_id: 'a.very.long.upi.id.for.a.narrow.screen@okhdfcbank',
            amount: 1_23_456,
            fee: 1,
            status: 'requested',
            upi_reference: null,
            created_at: '2026-11-23T05:00:00Z',
            due_at: '2026-11-28T05:00:00Z',
          },
        ],
        orders: [
          {
            order_id: 'WE0000000000000002',
            amount: 99,
            purpose: 'platform_fee',
            status: 'pending',
            created_at: '2026-11-23T05:00:00Z',
            utr: null,
          },
          {
            order_id: 'WE0000000000000001',
            amount: 99,
            purpose: 'platform_fee',
            status: 'expired',
            created_at: '2026-11-21T05:00:00Z',
            utr: null,
          },
        ],
      })
      render(<Wallet />)
      const row = await screen.findByTestId('ledger-row')
      expect(row).toHaveTextContent('Platform fee payment₹99')
      expect(row).not.toHaveTextContent('0 coins')
      const withdrawal = screen.getByTestId('withdrawal-row')
      expect(withdrawal).toHaveTextContent('Withdrawal₹1,23,456')
      expect(withdrawal).toHaveTextContent('To a.very.long')
      expect(within(withdrawal).getByTestId('payout-due')).toHaveTextContent('expected by 28 Nov')
      const [open, expired] = screen.getAllByTestId('order-row')
      expect(
        within(open as HTMLElement).getByRole('link', { name: 'Pay or enter your UPI reference' }),
      ).toHaveAttribute('href', '/m-payment?order_id=WE0000000000000002')
      expect(expired).toHaveTextContent('expired')
      expect(within(expired as HTMLElement).queryByRole('link')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('lists queued items under Waiting to be sent, and refused ones apart with why and a way to dismiss', async () => {
    useOutboxStore.setState({
      items: [
        outboxItem({ id: 'p', kind: 'withdrawal', body: { upi_id: 'a@upi', amount: 500 } }),
        outboxItem({
          id: 'f',
          state: 'failed',
          lastError: { status: 409, code: 'ALREADY_REWARDED', message: 'Already rewarded today.' },
        }),
      ],
    })
    render(<Wallet />)
    const waiting = await screen.findByRole('list', { name: 'Waiting to be sent' })
    const rows = within(waiting).getAllByTestId('outbox-row')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toHaveTextContent('Withdrawal₹500')
    expect(rows[0]).toHaveTextContent('To a@upi')
    expect(rows[0]).toHaveTextContent('pending')
    const refused = screen.getByRole('list', { name: 'Refused' })
    const row = within(refused).getByTestId('refused-row')
    expect(row).toHaveTextContent('refused')
    expect(row).toHaveTextContent('Reward not credited: Already rewarded today.')
    // The pending withdrawal is counted against the balance (9,500 coins = ₹95; ₹501 queued).
    expect(screen.getByTestId('queued-note')).toHaveTextContent('₹501 waiting to be sent')
    fireEvent.click(within(row).getByRole('button', { name: 'Dismiss' }))
    expect(dismiss).toHaveBeenCalledWith('f')
  })

  it('says when the wallet cannot be loaded', async () => {
    getWallet.mockRejectedValue(new Error('offline'))
    render(<Wallet />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load your wallet. Please try again.',
    )
  })

  it('offline, shows the last saved wallet of this user and when it is from, not an error', async () => {
    const online = render(<Wallet />)
    await screen.findAllByTestId('ledger-row')
    online.unmount()
    const savedAt = useWalletStore.getState().fetchedAt
    expect(savedAt).not.toBeNull()
    expect(useWalletStore.getState().owner).toBe('ASHA01')
    // Later, offline: the fetch fails and the saved copy (from 3 hours ago) is shown.
    useWalletStore.setState({ fetchedAt: Date.parse('2026-11-23T05:04:00Z') })
    getWallet.mockRejectedValue(new TypeError('Failed to fetch'))
    render(<Wallet />)
    await waitFor(() =>
      expect(screen.getByTestId('refresh-control')).toHaveTextContent('Saved at 23 Nov'),
    )
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹95 (9,500 coins)')
    expect(screen.getAllByTestId('ledger-row')).toHaveLength(3)
  })

  it("never shows another account's saved wallet", async () => {
    useWalletStore
      .getState()
      .setWallet({ balance: 42, entries: [], withdrawals: [], orders: [] }, 'SOMEONE_ELSE')
    getWallet.mockRejectedValue(new TypeError('Failed to fetch'))
    render(<Wallet />)
    expect(await screen.findByRole('alert')).toHaveTextContent(WALLET_FAILED)
    expect(screen.queryByTestId('wallet-balance')).toBeNull()
  })

  it('Refresh fetches the wallet again and shows the new figures', async () => {
    render(<Wallet />)
    await screen.findAllByTestId('ledger-row')
    getWallet.mockResolvedValue({ balance: 12_000, entries: [], withdrawals: [], orders: [] })
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }))
    await waitFor(() =>
      expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹120 (12,000 coins)'),
    )
    expect(getWallet).toHaveBeenCalledTimes(2)
    expect(screen.getByTestId('refresh-control')).toHaveTextContent('Updated just now')
  })
})
