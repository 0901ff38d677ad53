import { useState } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AmountField, amountProblem, quickAmounts } from './amount-field'

function Field({ min = 2, max = 1000 }: { min?: number; max?: number }) {
  const [value, setValue] = useState<number | null>(null)
  return <AmountField label="Amount" value={value} onChange={setValue} min={min} max={max} />
}

describe('AmountField', () => {
  it('offers 25 %, 50 % and all of the maximum, rounded down, leaving out those below the minimum', () => {
    expect(quickAmounts(2, 12_445).map((q) => q.rupees)).toEqual([3111, 6222, 12_445])
    expect(quickAmounts(2, 5).map((q) => q.rupees)).toEqual([2, 5])
    expect(quickAmounts(2, 1)).toEqual([])
  })

  it('says when an amount is outside the range, and nothing while it is empty', () => {
    expect(amountProblem(null, 2, 100)).toBeNull()
    expect(amountProblem(50, 2, 100)).toBeNull()
    expect(amountProblem(101, 2, 100)).toBe('You can take at most ₹100.')
    expect(amountProblem(1, 2, 100)).toBe('Enter at least ₹2.')
  })

  it('takes digits only on a numeric keyboard, and a chip fills the field and shows as pressed', () => {
    render(<Field />)
    const input = screen.getByLabelText('Amount')
    expect(input).toHaveAttribute('inputmode', 'numeric')
    fireEvent.change(input, { target: { value: '1,2a5' } })
    expect(input).toHaveValue('125')
    const half = screen.getByRole('button', { name: /50%/ })
    expect(half).toHaveAttribute('aria-pressed', 'false')
    fireEvent.click(half)
    expect(input).toHaveValue('500')
    expect(half).toHaveAttribute('aria-pressed', 'true')
    fireEvent.change(input, { target: { value: '2000' } })
    expect(screen.getByRole('alert')).toHaveTextContent('You can take at most ₹1,000.')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(/From ₹2 to ₹1,000/)
  })
})
