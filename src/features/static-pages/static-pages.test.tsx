/** Static pages: terms, privacy, help center, withdrawal mistakes, how to play; numbers from the rules. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import type { ComponentType } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { useRulesStore } from '@/stores/rules-store'
import { DEFAULT_RULES } from '@contract/rules'
import Terms from './routes/terms'
import Privacy from './routes/privacy'
import HelpCenter from './routes/help-center'
import YourMistake from './routes/your-mistake'
import HowToPlay from './routes/how-to-play'
import { SUPPORT_EMAIL } from './support'

// jsdom has no IndexedDB: the persisted stores write nowhere.
vi.mock('idb-keyval', () => ({
  get: async () => undefined,
  set: async () => {},
  del: async () => {},
}))

function renderPage(Page: ComponentType) {
  const location = memoryLocation({ path: '/', record: true })
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Page />
    </Router>,
  )
}

beforeEach(() => useRulesStore.setState({ rules: DEFAULT_RULES, load: async () => {} }))
afterEach(() => vi.restoreAllMocks())

describe('Terms', () => {
  it('states every withdrawal rule of docs/product.md#rules (₹999, never ₹5000)', () => {
    renderPage(Terms)
    const list = screen.getByTestId('withdrawal-conditions')
    expect(list).toHaveTextContent('A balance of at least ₹999 (99,900 coins)')
    expect(list).toHaveTextContent('At least 25 videos watched')
    expect(list).toHaveTextContent('At least 3 friends referred')
    expect(list).toHaveTextContent(
      'The one-time platform fee of ₹99 paid (refundable within 90 days)',
    )
    expect(screen.getByTestId('condition-transfer-fee')).toHaveTextContent('transfer fee of ₹1')
    expect(screen.getByTestId('withdrawal-payout-time')).toHaveTextContent(
      'the days your plan states',
    )
    expect(screen.getByTestId('terms-platform-fee')).toHaveTextContent(
      '₹99 is paid once and is refundable within 90 days',
    )
    expect(document.body).not.toHaveTextContent(/5,?000/)
  })

  it('follows the served rules when the operator changes or switches them off', () => {
    useRulesStore.setState({
      rules: {
        ...DEFAULT_RULES,
        withdrawMinBalanceRupees: 500,
        withdrawMinVideos: 0,
        withdrawMinReferrals: 0,
        withdrawRequiresPlatformFee: false,
        transferFeeRupees: 2,
      },
    })
    renderPage(Terms)
    const list = screen.getByTestId('withdrawal-conditions')
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(list).toHaveTextContent('₹500')
    expect(screen.queryByTestId('terms-platform-fee')).not.toBeInTheDocument()
    expect(screen.getByTestId('condition-transfer-fee')).toHaveTextContent('₹2')
  })

  it('renders the referral reward from the rules', () => {
    renderPage(Terms)
    expect(screen.getByTestId('terms-referral')).toHaveTextContent(
      'you get 100 coins (₹1) and your friend gets 100 coins (₹1)',
    )
  })

  it('says the referral reward is credited once the friend has watched the served number of videos', () => {
    renderPage(Terms)
    expect(screen.getByTestId('terms-referral')).toHaveTextContent(
      'When a friend you referred has watched 3 videos, you get 100 coins (₹1)',
    )
  })

  it('credits the referral reward at email verification when the rule is 0', () => {
    useRulesStore.setState({ rules: { ...DEFAULT_RULES, referralRewardAfterVideos: 0 } })
    renderPage(Terms)
    expect(screen.getByTestId('terms-referral')).toHaveTextContent(
      'When a friend you referred verifies their email',
    )
  })

  it('says a withdrawal that looks like abuse may be held for a person to review, the date unchanged', () => {
    renderPage(Terms)
    const review = screen.getByTestId('terms-review')
    expect(review).toHaveTextContent('may be held for review')
    expect(review).toHaveTextContent('its payout date stays the same')
    expect(review).toHaveTextContent('a person on our team approves or rejects it')
    expect(review).toHaveTextContent('may be forfeited; otherwise they return to your balance')
  })

  it("ends with 'Continue Watching Videos' to /dashboard and has a back button", () => {
    renderPage(Terms)
    expect(screen.getByRole('link', { name: 'Continue Watching Videos' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument()
  })
})

describe('Privacy', () => {
  it('has every section the product lists and the button to /dashboard', () => {
    renderPage(Privacy)
    for (const heading of [
      'Data we collect',
      'How we use your data',
      'Cookies and local storage',
      'Security',
      'Data retention',
      'Changes to this policy',
      'Conversion of earnings to points',
      'Liability disclaimer',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument()
    }
    expect(screen.getByTestId('privacy-points')).toHaveTextContent('100 coins = ₹1')
    expect(screen.getByRole('link', { name: 'Continue Watching Videos' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument()
  })
})

describe('Privacy: abuse signals', () => {
  it('says what is kept to stop abuse, why, and for how long', () => {
    renderPage(Privacy)
    const section = screen.getByTestId('privacy-abuse-signals')
    expect(
      within(section).getByRole('heading', { level: 2, name: 'What we keep to stop abuse' }),
    ).toBeInTheDocument()
    for (const kept of [
      'a random device ID that the app makes on your phone',
      'network (IP) address and browser (user agent) when you sign up, log in, claim a reward and withdraw',
      'the UPI IDs and bank accounts you withdraw to',
      'who referred whom',
      'when you claimed each reward',
      'never a machine alone',
      'for 180 days',
      'as long as your account’s coin ledger is kept',
    ]) {
      expect(section).toHaveTextContent(kept)
    }
  })
})

describe('Help center', () => {
  it('offers email support, the FAQ and the Email Support button', () => {
    renderPage(HelpCenter)
    expect(screen.getByTestId('support-email')).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`)
    expect(SUPPORT_EMAIL).toMatch(/^support@/)
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Email Support' }).getAttribute('href')).toMatch(
      new RegExp(`^mailto:${SUPPORT_EMAIL}`),
    )
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument()
  })

  it('explains the platform-fee refund: what to send and the reply time', () => {
    renderPage(HelpCenter)
    expect(screen.getByTestId('refund-note')).toHaveTextContent(
      'The ₹99 platform fee is refundable within 90 days',
    )
    expect(screen.getByText('a screenshot of your profile,')).toBeInTheDocument()
    expect(screen.getByText(/the fee transaction/)).toBeInTheDocument()
    expect(screen.getByText('the same UPI ID you used to pay the fee.')).toBeInTheDocument()
    expect(screen.getAllByText(/1 to 3 working days/).length).toBeGreaterThan(0)
    expect(screen.getByTestId('faq-withdrawal')).toHaveTextContent(
      'starting with a balance of ₹999',
    )
    // A minimum balance, not a minimum amount (docs/product.md#rules).
    expect(document.body).not.toHaveTextContent(/start at ₹/)
    expect(screen.getByTestId('withdrawal-conditions')).toHaveTextContent('At least 25 videos')
  })
})

describe('Withdrawal mistakes', () => {
  it('explains common UPI ID mistakes and ends with a button to /dashboard', () => {
    renderPage(YourMistake)
    expect(screen.getByRole('heading', { name: 'Common UPI ID mistakes' })).toBeInTheDocument()
    expect(screen.getByText(/wrong bank handle/)).toBeInTheDocument()
    expect(screen.getByTestId('mistake-fee')).toHaveTextContent('₹1')
    const links = screen.getAllByRole('link')
    expect(links.at(-1)).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument()
  })
})

describe('How to play', () => {
  it('shows the title only, with an empty body', () => {
    renderPage(HowToPlay)
    expect(screen.getByRole('heading', { level: 1, name: 'How to Play' })).toBeInTheDocument()
    expect(screen.getByRole('main')).toBeEmptyDOMElement()
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument()
  })
})
