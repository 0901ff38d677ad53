import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BalanceCard } from './balance-card'
import { EmptyState } from './empty-state'

describe('BalanceCard', () => {
  it('leads with rupees on a money screen, the coins beside in Indian grouping, labelled, with what the screen adds', () => {
    render(
      <BalanceCard coins={12_44_500} rules={{ coinsPerRupee: 100 }} testId="balance">
        <a href="/amount-withdraw">Withdraw</a>
      </BalanceCard>,
    )
    expect(screen.getByRole('region', { name: 'Your balance' })).toBeInTheDocument()
    expect(screen.getByTestId('balance')).toHaveTextContent('₹12,445 (12,44,500 coins)')
    expect(screen.getByRole('link', { name: 'Withdraw' })).toBeInTheDocument()
  })

  it('leads with coins on an earning screen, the rupees beside (no decimals for whole rupees)', () => {
    render(<BalanceCard coins={10_030} lead="coins" rules={{ coinsPerRupee: 100 }} testId="b" />)
    expect(screen.getByTestId('b')).toHaveTextContent('10,030 coins (₹100.30)')
    expect(screen.getByTestId('b').firstElementChild).toHaveTextContent(/^10,030 coins$/)
  })
})

describe('EmptyState', () => {
  it('says the list is empty and offers the way on', () => {
    render(<EmptyState text="No payments yet." action={<a href="/deposit-fee">Choose a plan</a>} />)
    expect(screen.getByText('No payments yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toBeInTheDocument()
  })
})
