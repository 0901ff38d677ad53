import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BalanceCard } from './balance-card'
import { EmptyState } from './empty-state'

describe('BalanceCard', () => {
  it('shows the coins with Indian grouping and their rupee value, labelled, with what the screen adds', () => {
    render(
      <BalanceCard coins={12_44_500} rules={{ coinsPerRupee: 100 }} testId="balance">
        <a href="/amount-withdraw">Withdraw</a>
      </BalanceCard>,
    )
    expect(screen.getByRole('region', { name: 'Your balance' })).toBeInTheDocument()
    expect(screen.getByTestId('balance')).toHaveTextContent('12,44,500 coins (₹12,445)')
    expect(screen.getByRole('link', { name: 'Withdraw' })).toBeInTheDocument()
  })
})

describe('EmptyState', () => {
  it('says the list is empty and offers the way on', () => {
    render(<EmptyState text="No payments yet." action={<a href="/deposit-fee">Choose a plan</a>} />)
    expect(screen.getByText('No payments yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toBeInTheDocument()
  })
})
