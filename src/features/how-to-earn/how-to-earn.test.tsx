/** How To Earn: the three steps with the plan's coins per video and the rules' numbers, and Next. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { useRulesStore } from '@/stores/rules-store'
import { useUserStore } from '@/stores/user-store'
import { heldUserRefresh, sampleUser, SAVED_BEFORE_OPENING } from '@/stores/user-store.test-helpers'
import { DEFAULT_RULES } from '@contract/rules'
import { refreshUser } from '@/stores/get-user'
import { activateLocale } from '@/i18n/i18n'
import HowToEarn from './routes/how-to-earn'

vi.mock('idb-keyval', () => ({
  get: async () => undefined,
  set: async () => {},
  del: async () => {},
}))
vi.mock('@/stores/get-user', () => ({ refreshUser: vi.fn() }))

const user = sampleUser()

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

describe("How To Earn's saved copy", () => {
  afterEach(() => activateLocale('en'))

  it('labels the saved plan with the time it was saved, then as updated once the server answers', async () => {
    useUserStore.setState({ user, fetchedAt: SAVED_BEFORE_OPENING })
    const held = heldUserRefresh(user)
    vi.mocked(refreshUser).mockImplementation(held.refresh)
    renderPage()
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent(/^Saved at /)
    act(() => held.arrive())
    await waitFor(() =>
      expect(screen.getByTestId('saved-copy-label')).toHaveTextContent('Updated just now'),
    )
  })

  it('keeps the saved label, in Hindi, when the user cannot be fetched', async () => {
    await activateLocale('hi')
    useUserStore.setState({ user, fetchedAt: SAVED_BEFORE_OPENING })
    renderPage()
    await waitFor(() => expect(refreshUser).toHaveBeenCalled())
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent(/ पर सेव की गई कॉपी$/)
  })
})
