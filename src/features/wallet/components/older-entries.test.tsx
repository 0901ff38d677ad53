/**
 * The wallet's older coin movements, withdrawals and payments: each page is fetched with the
 * previous page's cursor of its own list and appended, the button goes once the oldest row is in,
 * and a failed page says so and can be tried again.
 */
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { LedgerEntry, WalletOrder, WalletWithdrawal } from '@contract/api/earning'

const getWalletPage = vi.fn()
const getWithdrawalsPage = vi.fn()
const getOrdersPage = vi.fn()
vi.doMock('../api/get-wallet-page', () => ({
  getWalletPage: (before: string) => getWalletPage(before),
  getWithdrawalsPage: (before: string) => getWithdrawalsPage(before),
  getOrdersPage: (before: string) => getOrdersPage(before),
}))
const {
  OlderEntries,
  OlderOrders,
  OlderWithdrawals,
  OLDER_FAILED,
  OLDER_ORDERS_FAILED,
  OLDER_WITHDRAWALS_FAILED,
} = await import('./older-entries')

const entry = (id: number): LedgerEntry => ({
  id,
  kind: 'video_reward',
  coins: 25,
  rupees: null,
  status: 'confirmed',
  description: 'Video reward',
  reference: null,
  created_at: '2026-11-20T10:00:00.000Z',
})

const withdrawal = (id: number): WalletWithdrawal => ({
  id,
  upi_id: 'ravi.kumar@okaxis',
  amount: 99,
  fee: 1,
  status: 'paid',
  upi_reference: `UTR${id}`,
  created_at: '2026-11-20T10:00:00.000Z',
  due_at: '2026-11-23T10:00:00.000Z',
  withdrawl_days: 3,
  reason: null,
})

const order = (n: number): WalletOrder => ({
  order_id: `ORD00000000${n}`,
  amount: 99,
  purpose: 'platform_fee',
  status: 'confirmed',
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-11-21T10:00:00.000Z',
  utr: null,
  reason: null,
})

describe('OlderEntries', () => {
  it('appends page after page by cursor until the oldest row is in', async () => {
    getWalletPage
      .mockResolvedValueOnce({ rows: [entry(9), entry(8)], next: '8' })
      .mockResolvedValueOnce({ rows: [entry(7)], next: null })
    render(<OlderEntries next="10" />)
    await userEvent.click(screen.getByRole('button', { name: 'Show older movements' }))
    expect(await screen.findAllByTestId('ledger-row')).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Show older movements' }))
    expect(await screen.findAllByTestId('ledger-row')).toHaveLength(3)
    expect(getWalletPage.mock.calls).toEqual([['10'], ['8']])
    expect(screen.queryByRole('button', { name: 'Show older movements' })).toBeNull()
  })

  it('says when a page failed and loads it on the next try', async () => {
    getWalletPage
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ rows: [entry(4)], next: null })
    render(<OlderEntries next="5" />)
    await userEvent.click(screen.getByRole('button', { name: 'Show older movements' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(OLDER_FAILED)
    await userEvent.click(screen.getByRole('button', { name: 'Show older movements' }))
    expect(await screen.findAllByTestId('ledger-row')).toHaveLength(1)
  })

  it('shows nothing when the first page held the oldest row', () => {
    const { container } = render(<OlderEntries next={null} />)
    expect(container).toBeEmptyDOMElement()
  })
})

describe('OlderWithdrawals', () => {
  it('appends withdrawals page after page by their own cursor until the oldest is in', async () => {
    getWithdrawalsPage
      .mockResolvedValueOnce({ rows: [withdrawal(30), withdrawal(20)], next: '20' })
      .mockResolvedValueOnce({ rows: [withdrawal(10)], next: null })
    render(<OlderWithdrawals next="40" />)
    await userEvent.click(screen.getByRole('button', { name: 'Show older withdrawals' }))
    expect(await screen.findAllByTestId('withdrawal-row')).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Show older withdrawals' }))
    expect(await screen.findAllByTestId('withdrawal-row')).toHaveLength(3)
    expect(getWithdrawalsPage.mock.calls).toEqual([['40'], ['20']])
    expect(screen.queryByRole('button', { name: 'Show older withdrawals' })).toBeNull()
  })

  it('says when a page failed and loads it on the next try', async () => {
    getWithdrawalsPage
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ rows: [withdrawal(3)], next: null })
    render(<OlderWithdrawals next="4" />)
    await userEvent.click(screen.getByRole('button', { name: 'Show older withdrawals' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(OLDER_WITHDRAWALS_FAILED)
    await userEvent.click(screen.getByRole('button', { name: 'Show older withdrawals' }))
    expect(await screen.findAllByTestId('withdrawal-row')).toHaveLength(1)
  })
})

describe('OlderOrders', () => {
  it('appends payments page after page by their own cursor until the oldest is in', async () => {
    getOrdersPage
      .mockResolvedValueOnce({ rows: [order(3), order(2)], next: '12' })
      .mockResolvedValueOnce({ rows: [order(1)], next: null })
    render(<OlderOrders next="14" />)
    await userEvent.click(screen.getByRole('button', { name: 'Show older payments' }))
    expect(await screen.findAllByTestId('order-row')).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Show older payments' }))
    expect(await screen.findAllByTestId('order-row')).toHaveLength(3)
    expect(getOrdersPage.mock.calls).toEqual([['14'], ['12']])
    expect(screen.queryByRole('button', { name: 'Show older payments' })).toBeNull()
  })

  it('says when a page failed and loads it on the next try', async () => {
    getOrdersPage
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ rows: [order(1)], next: null })
    render(<OlderOrders next="2" />)
    await userEvent.click(screen.getByRole('button', { name: 'Show older payments' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(OLDER_ORDERS_FAILED)
    await userEvent.click(screen.getByRole('button', { name: 'Show older payments' }))
    expect(await screen.findAllByTestId('order-row')).toHaveLength(1)
  })

  it('shows nothing when the first page held the oldest payment', () => {
    const { container } = render(<OlderOrders next={null} />)
    expect(container).toBeEmptyDOMElement()
  })
})
