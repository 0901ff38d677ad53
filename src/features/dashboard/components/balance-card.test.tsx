import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_RULES, type Rules } from '@contract/rules'
import { BalanceCard, nextWithdrawalStep } from './balance-card'

const user = { points: 1_500, views: 3, referral_count: 0, platform_fee_paid: false }
const rules: Rules = { ...DEFAULT_RULES, coinsPerRupee: 100, withdrawMinBalanceRupees: 999 }

describe('BalanceCard', () => {
  it('shows the coins, their rupee value and the views from the user the server sent', () => {
    render(<BalanceCard user={{ ...user, points: 1_50_035, views: 1_234 }} rules={rules} />)
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('1,50,035 coins (₹1,500.35)')
    expect(screen.getByTestId('views-count')).toHaveTextContent('1,234')
  })

  it('names the next withdrawal condition still to meet, from the served rules', () => {
    render(<BalanceCard user={user} rules={rules} />)
    // ₹999 = 99,900 coins and 1,500 held: the balance rule comes first, in the rule's own figures
    // (no difference worked out on the phone, which the server never served).
    expect(screen.getByTestId('next-withdrawal-step')).toHaveTextContent(
      'Next for a withdrawal: A balance of at least ₹999 (99,900 coins)',
    )
  })

  it('renders its children (the Withdraw button) at its foot', () => {
    render(
      <BalanceCard user={user} rules={rules}>
        <button type="button">Withdraw</button>
      </BalanceCard>,
    )
    expect(screen.getByRole('region', { name: 'Your earnings' })).toContainElement(
      screen.getByRole('button', { name: 'Withdraw' }),
    )
  })
})

describe('nextWithdrawalStep', () => {
  const rich = { points: 99_900, views: 25, referral_count: 3, platform_fee_paid: true }

  it('goes through the conditions in the server’s order: balance, videos, referrals, fee', () => {
    expect(nextWithdrawalStep({ ...rich, views: 24 }, rules)).toBe('Watch 1 more video')
    expect(nextWithdrawalStep({ ...rich, views: 20, referral_count: 0 }, rules)).toBe(
      'Watch 5 more videos',
    )
    expect(nextWithdrawalStep({ ...rich, referral_count: 1 }, rules)).toBe(
      'Refer 2 more friends who verified their email',
    )
    expect(nextWithdrawalStep({ ...rich, platform_fee_paid: false }, rules)).toBe(
      'Pay the one-time platform fee of ₹99',
    )
    expect(nextWithdrawalStep(rich, rules)).toBeNull()
  })

  it('skips conditions the operators switched off (0 or unticked)', () => {
    const off: Rules = {
      ...rules,
      withdrawMinBalanceRupees: 0,
      withdrawMinVideos: 0,
      withdrawMinReferrals: 0,
      withdrawRequiresPlatformFee: false,
    }
    expect(
      nextWithdrawalStep({ points: 0, views: 0, referral_count: 0, platform_fee_paid: false }, off),
    ).toBeNull()
    render(<BalanceCard user={{ ...user, points: 0 }} rules={off} />)
    expect(screen.getByTestId('next-withdrawal-step')).toHaveTextContent('you can withdraw')
  })
})
