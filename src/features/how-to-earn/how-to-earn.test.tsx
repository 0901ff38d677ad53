/** How To Earn: the three steps with the plan's coins per video and the rules' numbers, and Next. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { useRulesStore } from '@/stores/rules-store'
import { useUserStore, type User } from '@/stores/user-store'
import { DEFAULT_RULES } from '@contract/rules'
import { refreshUser } from '@/stores/get-user'
import HowToEarn from './routes/how-to-earn'

vi.mock('idb-keyval', () => ({
  get: async () => undefined,
  set: async () => {},
  del: async () => {},
}))
vi.mock('@/stores/get-user', () => ({ refreshUser: vi.fn() }))

const user: User = {
  first_name: 'Asha',
  email: 'asha@example.com',
  phone_number: '9876543210',
  points: 0,
  views: 0,
  referral_id: 'ABC123',
  referral_count: 0,
  membership__video_point: 250,
  is_faulty: false,
  platform_fee_paid: false,
  email_verified: true,
}

function renderPage() {
  const location = memoryLocation({ path: '/how-to-earn', record: true })
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <HowToEarn />
    </Router>,
  )
}

beforeEach(() => {
  vi.mocked(refreshUser).mockRejectedValue(new Error('offline'))
  useRulesStore.setState({ rules: DEFAULT_RULES, load: async () => {} })
  useUserStore.setState({ user, fetchedAt: Date.now() })
})

describe('How To Earn', () => {
  it('shows the three steps with the per-video coins of the user plan', () => {
    renderPage()
    expect(screen.getByRole('heading', { name: 'Watch videos' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Refer friends' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Get paid' })).toBeInTheDocument()
    expect(screen.getByTestId('step-watch')).toHaveTextContent(
      'Every video earns 250 coins (₹2.50) on your plan.',
    )
    expect(screen.getByTestId('step-watch')).toHaveTextContent('100 coins = ₹1')
  })

  it('renders the referral reward, withdrawal minimum, platform fee and timeline from the rules', () => {
    useRulesStore.setState({
      rules: {
        ...DEFAULT_RULES,
        referralRewardReferrerCoins: 300,
        platformFeeRupees: 79,
        withdrawalTime: '1 to 7 days',
      },
    })
    renderPage()
    expect(screen.getByTestId('step-refer')).toHaveTextContent(
      'you get 300 coins (₹3) and your friend gets 100 coins (₹1)',
    )
    const conditions = screen.getByTestId('withdrawal-conditions')
    expect(conditions).toHaveTextContent('₹999')
    expect(conditions).toHaveTextContent('platform fee of ₹79')
    expect(conditions).toHaveTextContent('transfer fee of ₹1')
    expect(conditions).toHaveTextContent('paid within 1 to 7 days of the request')
  })

  it('says the referral reward comes once the friend has watched the served number of videos (0: at email verification)', () => {
    renderPage()
    expect(screen.getByTestId('step-refer')).toHaveTextContent(
      'When a friend signs up with it and has watched 3 videos, you get 100 coins (₹1)',
    )
    cleanup()
    useRulesStore.setState({ rules: { ...DEFAULT_RULES, referralRewardAfterVideos: 0 } })
    renderPage()
    expect(screen.getByTestId('step-refer')).toHaveTextContent(
      'When a friend signs up with it and verifies their email',
    )
  })

  it('refreshes the user and has a Next button to /dashboard', () => {
    renderPage()
    expect(refreshUser).toHaveBeenCalled()
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/dashboard')
  })

  it('still explains the steps before the user is known', () => {
    useUserStore.setState({ user: null })
    renderPage()
    expect(screen.getByTestId('step-watch')).toHaveTextContent(
      'Every video earns the coins of your plan.',
    )
  })
})
