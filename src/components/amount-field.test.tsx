import { useState } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AmountField, quickAmounts, readAmount } from './amount-field'

function Field({ min = 2, max = 1000 }: { min?: number; max?: number }) {
  const [text, setText] = useState('')
  const { rupees, problem } = readAmount(text, min, max)
  return (
    <>
      <AmountField
        label="Amount"
        text={text}
        onTextChange={setText}
        min={min}
        max={max}
        hint={rupees === null ? 'Up to ₹1,000' : `You receive ₹${rupees - 1}`}
        hintTestId="hint"
      />
      <output data-testid="usable">{problem === null && rupees !== null ? rupees : 'none'}</output>
    </>
  )
}

describe('AmountField', () => {
  it('offers 25 %, 50 % and all of the maximum, rounded down, leaving out those below the minimum', () => {
    expect(quickAmounts(2, 12_445).map((q) => q.rupees)).toEqual([3111, 6222, 12_445])
    expect(quickAmounts(2, 5).map((q) => q.rupees)).toEqual([2, 5])
    expect(quickAmounts(2, 1)).toEqual([])
  })

  it('reads whole rupees and names every other input instead of changing it', () => {
    expect(readAmount('', 2, 100)).toEqual({ rupees: null, problem: null })
    expect(readAmount('50', 2, 100)).toEqual({ rupees: 50, problem: null })
    expect(readAmount('₹1,000', 2, 5000)).toEqual({ rupees: 1000, problem: null })
    expect(readAmount('12.50', 2, 5000).problem).toBe(
      'Enter whole rupees only, without a decimal point (paise cannot be withdrawn).',
    )
    expect(readAmount('12.50', 2, 5000).rupees).toBeNull()
    for (const text of ['1e3', 'abc', '-5', '+5', '5k'])
      expect(readAmount(text, 2, 5000), text).toEqual({
        rupees: null,
        problem: 'Type the amount in digits only, like 1000.',
      })
    expect(readAmount('101', 2, 100)).toEqual({
      rupees: null,
      problem: 'You can take at most ₹100.',
    })
    expect(readAmount('1234567890', 2, 100).problem).toBe('You can take at most ₹100.')
    expect(readAmount('1', 2, 100)).toEqual({ rupees: 1, problem: 'Enter at least ₹2.' })
  })

  it('starts empty with the hint, and keeps a typed decimal as typed with one message instead of the hint', () => {
    render(<Field />)
    const input = screen.getByLabelText('Amount')
    expect(input).toHaveValue('')
    expect(input).toHaveAttribute('inputmode', 'numeric')
    expect(screen.getByTestId('hint')).toHaveTextContent('Up to ₹1,000')
    fireEvent.change(input, { target: { value: '12.50' } })
    // Not ₹1,250: the text stays as typed, the amount is not usable, one line says why.
    expect(input).toHaveValue('12.50')
    expect(screen.getByTestId('usable')).toHaveTextContent('none')
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter whole rupees only, without a decimal point',
    )
    expect(screen.queryByTestId('hint')).toBeNull()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(/without a decimal point/)
  })

  it('names letters, 1e3 and a 10-digit amount, each without altering what was typed', () => {
    render(<Field />)
    const input = screen.getByLabelText('Amount')
    for (const [text, words] of [
      ['abc', 'Type the amount in digits only, like 1000.'],
      ['1e3', 'Type the amount in digits only, like 1000.'],
      ['1234567890', 'You can take at most ₹1,000.'],
    ] as const) {
      fireEvent.change(input, { target: { value: text } })
      expect(input).toHaveValue(text)
      expect(screen.getByRole('alert')).toHaveTextContent(words)
      expect(screen.getByTestId('usable')).toHaveTextContent('none')
    }
  })

  it('fills the field from a chip, shows it as pressed, and the hint follows the amount', () => {
    render(<Field />)
    const input = screen.getByLabelText('Amount')
    const half = screen.getByRole('button', { name: /50%/ })
    expect(half).toHaveAttribute('aria-pressed', 'false')
    fireEvent.click(half)
    expect(input).toHaveValue('500')
    expect(half).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByTestId('usable')).toHaveTextContent('500')
    expect(screen.getByTestId('hint')).toHaveTextContent('You receive ₹499')
    fireEvent.click(screen.getByRole('button', { name: /All/ }))
    expect(input).toHaveValue('1000')
    expect(input).toHaveAccessibleDescription('You receive ₹999')
  })
})
