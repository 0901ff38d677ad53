/** The one withdrawal-conditions component (docs/product.md#transparency): rules for a guest, progress and time for a user. */
import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_RULES } from '@contract/rules'

const apiGet = vi.fn()
vi.mock('@/lib/api-client', () => ({ api: { get: (...a: unknown[]) => apiGet(...a) } }))

const { WithdrawalConditions } = await import('./withdrawal-conditions')

const status = {
  conditions: [
    { key: 'balance', have: 45_000, need: 99_900, met: false },
    { key: 'videos', have: 3, need: 25, met: false },
    { key: 'referrals', have: 3, need: 3, met: true },
    { key: 'platformFee', have: 0, need: 1, met: false },
  ],
  eligible: false,
  payout_days: 1,
  video_point: 700,
  daily_videos: 13,
  days_to_min_balance: 6,
}

beforeEach(() => {
  apiGet.mockImplementation((url: string) => ({
    json: async () => (url === 'withdrawal-status/' ? { data: status } : {}),
  }))
})
afterEach(() => vi.clearAllMocks())

describe('WithdrawalConditions', () => {
  it('lists every enforced condition, the transfer fee and the plans’ payout range for a guest', () => {
    render(<WithdrawalConditions rules={{ ...DEFAULT_RULES, withdrawalTime: '1 to 7 days' }} />)
    const section = screen.getByRole('region', { name: 'How withdrawals work' })
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'A balance of at least ₹999 (99,900 coins)',
      'At least 25 videos watched',
      'At least 3 friends referred who verified their email',
      'The one-time platform fee of ₹99 paid (refundable within 90 days)',
    ])
    expect(section).toHaveTextContent('A transfer fee of ₹1 is taken from each withdrawal')
    expect(section).toHaveTextContent('A withdrawal is paid within 1 to 7 days of the request')
    expect(apiGet).not.toHaveBeenCalled()
  })

  it('shows a logged-in user’s progress on each condition, the plan’s payout days and the days to the minimum balance', async () => {
    localStorage.setItem('access_token', 'tok')
    render(<WithdrawalConditions rules={DEFAULT_RULES} />)
    expect(await screen.findByText(/^At your plan's rate/)).toHaveTextContent(
      "At your plan's rate (700 coins (₹7) per video, 13 videos a day), about 6 days to ₹999.",
    )
    expect(apiGet).toHaveBeenCalledWith('withdrawal-status/')
    expect(screen.getByTestId('condition-balance')).toHaveTextContent(
      'you have ₹450 (45,000 coins)',
    )
    expect(screen.getByTestId('condition-videos')).toHaveTextContent(
      'At least 25 videos watched3 of 25 videos',
    )
    expect(screen.getByTestId('condition-referrals')).toHaveTextContent('✓')
    expect(screen.getByTestId('condition-referrals')).toHaveAttribute('data-met', 'true')
    expect(screen.getByTestId('condition-platformFee')).toHaveTextContent('not paid yet')
    expect(screen.getByTestId('withdrawal-payout-time')).toHaveTextContent(
      'On your plan a withdrawal is paid within 1 day of your request.',
    )
  })

  it('keeps the room of a signed-in user’s progress until it comes, then fills it', async () => {
    localStorage.setItem('access_token', 'tok')
    let answer: (value: unknown) => void = () => {}
    apiGet.mockImplementation(() => ({ json: () => new Promise((resolve) => (answer = resolve)) }))
    render(<WithdrawalConditions rules={DEFAULT_RULES} />)
    const videos = screen.getByTestId('condition-videos')
    expect(videos.querySelector('.condition-progress .skel')).not.toBeNull()
    expect(screen.getByTestId('withdrawal-payout-time').querySelector('.skel')).not.toBeNull()
    expect(screen.getByTestId('withdrawal-estimate').querySelector('.skel')).not.toBeNull()
    answer({
      data: {
        ...status,
        conditions: status.conditions.map((c) => ({ ...c, have: c.need, met: true })),
        days_to_min_balance: 0,
      },
    })
    expect(await screen.findByText('You have the minimum balance to withdraw.')).toBeVisible()
    expect(videos).toHaveTextContent('✓At least 25 videos watcheddone')
    expect(document.querySelector('.skel')).toBeNull()
  })

  it('shows the conditions without progress when the status cannot be read', async () => {
    localStorage.setItem('access_token', 'tok')
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    apiGet.mockImplementation(() => ({ json: () => Promise.reject(new TypeError('offline')) }))
    render(<WithdrawalConditions rules={{ ...DEFAULT_RULES, withdrawalTime: '1 to 7 days' }} />)
    expect(await screen.findByText(/A withdrawal is paid within 1 to 7 days/)).toBeVisible()
    expect(document.querySelector('.skel')).toBeNull()
    expect(screen.getByTestId('condition-videos')).toHaveTextContent(/^At least 25 videos watched$/)
    expect(screen.queryByTestId('withdrawal-estimate')).not.toBeInTheDocument()
  })

  it('says so when the plan earns nothing for videos', async () => {
    localStorage.setItem('access_token', 'tok')
    apiGet.mockImplementation(() => ({
      json: async () => ({ data: { ...status, days_to_min_balance: null } }),
    }))
    render(<WithdrawalConditions rules={DEFAULT_RULES} />)
    const outlook = await screen.findByText(
      'Your plan earns no coins for videos: see Membership Plans.',
    )
    expect(outlook).toHaveAttribute('data-testid', 'withdrawal-estimate')
  })

  it('leaves out a condition the operator switched off', () => {
    render(
      <WithdrawalConditions
        rules={{ ...DEFAULT_RULES, withdrawMinReferrals: 0, transferFeeRupees: 0 }}
      />,
    )
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    expect(screen.queryByText(/friends referred/)).not.toBeInTheDocument()
    expect(screen.queryByTestId('condition-transfer-fee')).not.toBeInTheDocument()
  })
})
