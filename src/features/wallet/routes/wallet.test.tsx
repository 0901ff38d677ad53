import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxItem } from '@/lib/outbox/outbox-types'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
vi.mock('@/lib/api-client', () => ({ api: { get: () => ({ json: async () => ({}) }) } }))
const dismiss = vi.fn(async (_id: string) => undefined)
vi.mock('@/lib/outbox/outbox', () => ({
  refreshOutboxStore: async () => undefined,
  dismissOutboxItem: (id: string) => dismiss(id),
  describeOutboxError: (item: Pick<OutboxItem, 'kind' | 'lastError'>) =>
    `Reward not credited: ${item.lastError?.message ?? ''}`,
}))
const getWallet = vi.fn()
vi.mock('../api/get-wallet', () => ({ getWallet: () => getWallet() }))

const { useOutboxStore } = await import('@/lib/outbox/outbox-store')
const { activateLocale } = await import('@/i18n/i18n')
const { default: Wallet, WALLET_FAILED } = await import('./wallet')
const { useUserStore } = await import('@/stores/user-store')
const { useWalletStore } = await import('../wallet-store')

const outboxItem = (over: Partial<OutboxItem>): OutboxItem => ({
  id: 'o1',
  kind: 'reward',
  url: '/api/v1/add-reward/',
  body: { dashboard_id: 1 },
  idempotencyKey: 'k',
  token: null,
  createdAt: Date.parse('2026-11-21T10:00:00Z'),
  attempts: 1,
  nextAttemptAt: 0,
  state: 'pending',
  lastError: null,
  ...over,
})

beforeEach(() => {
  useOutboxStore.setState({ items: [] })
  useUserStore.setState({ user: { referral_id: 'ASHA01' } as never, fetchedAt: 1 })
  useWalletStore.getState().clear()
  getWallet.mockResolvedValue({
    balance: 9_500,
    entries: [
      {
        id: 1,
        kind: 'signup_bonus',
        coins: 10_000,
        status: 'confirmed',
        description: 'Welcome bonus',
        reference: null,
        created_at: '2026-11-20T10:00:00Z',
      },
      {
        id: 2,
        kind: 'withdrawal_hold',
        coins: -1_000,
        status: 'confirmed',
        description: 'Withdrawal to a@upi',
        reference: 'UTR123456',
        created_at: '2026-11-21T10:00:00Z',
      },
      {
        id: 3,
        kind: 'video_reward',
        coins: 500,
        status: 'pending',
        description: 'Video 4',
        reference: null,
        created_at: '2026-11-21T11:00:00Z',
      },
    ],
    withdrawals: [
      {
        id: 5,
        upi_id: 'a@upi',
        amount: 9,
        fee: 1,
        status: 'paid',
        upi_reference: 'UTR123456',
        created_at: '2026-11-21T10:00:00Z',
      },
    ],
    orders: [
      {
        order_id: 'ord_1',
        amount: 499,
        purpose: 'membership',
        status: 'confirmed',
        created_at: '2026-11-19T10:00:00Z',
      },
    ],
  })
})
afterEach(() => vi.clearAllMocks())

describe('Wallet', () => {
  it('lists every ledger row with kind, signed coins with rupees, status and UPI reference', async () => {
    render(<Wallet />)
    const rows = await screen.findAllByTestId('ledger-row')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('Signup bonus')
    expect(rows[0]).toHaveTextContent('+10,000 coins (₹100)')
    expect(rows[0]).toHaveTextContent('confirmed')
    expect(rows[1]).toHaveTextContent('Withdrawal')
    expect(rows[1]).toHaveTextContent('−1,000 coins (₹10)')
    expect(rows[1]).toHaveTextContent('UPI reference: UTR123456')
    expect(rows[2]).toHaveTextContent('pending')
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('9,500 coins (₹95)')
  })

  it('lists withdrawals with status and reference, and orders', async () => {
    render(<Wallet />)
    const withdrawal = await screen.findByTestId('withdrawal-row')
    expect(withdrawal).toHaveTextContent('₹9 to a@upi')
    expect(withdrawal).toHaveTextContent('paid')
    expect(withdrawal).toHaveTextContent('UPI reference: UTR123456')
    expect(screen.getByTestId('order-row')).toHaveTextContent('Membership plan ₹499')
    expect(screen.getByTestId('order-row')).toHaveTextContent('confirmed')
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
      expect(withdrawal).toHaveTextContent('₹1,23,456 to a.very.long')
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

  it('marks outbox items pending, and failed ones with why and a way to dismiss', async () => {
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
    const rows = await screen.findAllByTestId('outbox-row')
    expect(rows[0]).toHaveTextContent('Withdrawal of ₹500 to a@upi')
    expect(rows[0]).toHaveTextContent('pending')
    expect(rows[1]).toHaveTextContent('failed')
    expect(rows[1]).toHaveTextContent('Reward not credited: Already rewarded today.')
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Dismiss' }))
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
      expect(screen.getByTestId('refresh-control')).toHaveTextContent('Saved copy: 23 Nov'),
    )
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('9,500 coins (₹95)')
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
      expect(screen.getByTestId('wallet-balance')).toHaveTextContent('12,000 coins (₹120)'),
    )
    expect(getWallet).toHaveBeenCalledTimes(2)
    expect(screen.getByTestId('refresh-control')).toHaveTextContent('Updated just now')
  })
})
