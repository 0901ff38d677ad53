import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { apiGet, useOutboxStore, renderAt } from './dashboard.test-helpers'

describe('Dashboard', () => {
  it('leads with the balance (views, coins with their rupee value, Withdraw, Deposit, Wallet) and no buttons that repeat the tab bar', async () => {
    renderAt('/dashboard')
    expect(screen.getByTestId('views-count')).toHaveTextContent('3')
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('1,500 coins (₹15)')
    // Profile and Refer & Earn are the tab bar's; the screen no longer repeats them above the greeting.
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Refer & Earn' })).toBeNull()
    const balance = screen.getByRole('region', { name: 'Your earnings' })
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/deposit-fee')
    expect(balance).toContainElement(screen.getByRole('link', { name: 'Deposit' }))
    expect(screen.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet')
    expect(screen.getByText('Hello, Asha')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    await screen.findByTestId('player-timer')
  })

  it('shows the requirements popup when the balance is under ₹999', async () => {
    renderAt('/dashboard')
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    const dialog = screen.getByRole('dialog', { name: 'Withdrawal requirements' })
    expect(dialog).toHaveTextContent('You need a minimum balance of ₹999 to withdraw earnings.')
    // Every enforced condition, from the one conditions component (docs/product.md#transparency).
    expect(dialog).toHaveTextContent('A balance of at least ₹999 (99,900 coins)')
    expect(dialog).toHaveTextContent('At least 25 videos watched')
    expect(dialog).toHaveTextContent('At least 3 friends referred who verified their email')
  })

  it('goes to the withdraw page with the balance in rupees and the referral count', async () => {
    const memory = renderAt('/dashboard', { points: 150_000 })
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    expect(memory.history.at(-1)).toBe('/amount-withdraw?balance=1500&refercount=2')
  })

  it("shows the bonus popup in the app's language for 0 views; Get Started closes it and starts nothing", async () => {
    renderAt('/dashboard', { views: 0 })
    const dialog = screen.getByRole('dialog', { name: 'Congratulations!' })
    expect(screen.getByTestId('bonus-popup-text')).toHaveTextContent(
      'You have received a bonus of ₹100!Watch videos and earn coins on every video.',
    )
    expect(dialog).not.toHaveTextContent('बोनस')
    await screen.findByTestId('player-video')
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument()
  })

  it('shows the withdrawal processing notice for 3 s and then clears the query', async () => {
    vi.useFakeTimers()
    const memory = renderAt('/dashboard?keyfrom=withdrawal')
    expect(screen.getByText(/Your withdrawal request is being processed/)).toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(2900))
    expect(screen.getByText(/Your withdrawal request is being processed/)).toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(200))
    expect(screen.queryByText(/Your withdrawal request is being processed/)).not.toBeInTheDocument()
    expect(memory.history.at(-1)).toBe('/dashboard')
  })

  it('shows the membership error when the plans answer is not an array', async () => {
    apiGet.mockImplementation(() => ({ json: async () => ({ nope: true }) }))
    renderAt('/dashboard')
    expect(
      await screen.findByText('Failed to fetch membership data. Please try again.'),
    ).toBeInTheDocument()
  })

  it('shows the membership error when the plans fetch fails', async () => {
    apiGet.mockImplementation(() => ({ json: async () => Promise.reject(new Error('offline')) }))
    renderAt('/dashboard')
    expect(await screen.findByText('Error fetching membership data.')).toBeInTheDocument()
  })

  it('lists the plans with their per-video reward', async () => {
    renderAt('/dashboard')
    expect(await screen.findByText(/₹499: 500 coins \(₹5\) per video/)).toBeInTheDocument()
    expect(screen.getByText(/Withdrawal in 7 days/)).toBeInTheDocument()
  })

  it('shows pending outbox items as pending', () => {
    useOutboxStore.setState({
      items: [
        {
          id: 'x',
          kind: 'reward',
          url: '',
          body: {},
          idempotencyKey: 'k',
          token: null,
          createdAt: 1,
          attempts: 1,
          nextAttemptAt: 0,
          state: 'pending',
          lastError: null,
        },
      ],
    })
    renderAt('/dashboard')
    expect(screen.getByTestId('outbox-pending')).toHaveTextContent(
      'Pending: 1 reward claim will be sent when the connection allows.',
    )
  })
})
