import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TextField } from './text-field'

describe('TextField', () => {
  it('labels its input, and two fields with the same label get different ids', () => {
    render(
      <>
        <TextField label="Phone" defaultValue="9876543210" />
        <TextField label="Phone" defaultValue="9123456789" />
      </>,
    )
    const [first, second] = screen.getAllByLabelText('Phone')
    expect(first).toHaveValue('9876543210')
    expect(second).toHaveValue('9123456789')
    expect(first?.id).not.toBe(second?.id)
    expect(first).toHaveClass('input')
    expect(first).not.toHaveAttribute('aria-invalid')
    expect(first).not.toHaveAttribute('aria-describedby')
  })

  it('an error marks the input invalid and is read with it, as an alert', () => {
    render(<TextField label="First Name" error="First name is required" />)
    const input = screen.getByLabelText('First Name')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('First name is required')
    expect(screen.getByRole('alert')).toHaveTextContent('First name is required')
  })

  it("keeps the caller's describedby (a help region below) and adds the error's to it", () => {
    render(
      <TextField label="IFSC Code" aria-describedby="ifsc-help" error="Invalid IFSC code.">
        <p id="ifsc-help">Checking IFSC code…</p>
      </TextField>,
    )
    const input = screen.getByLabelText('IFSC Code')
    expect(input).toHaveAccessibleDescription('Checking IFSC code… Invalid IFSC code.')
  })

  it("keeps the caller's aria-invalid when it shows its own error text elsewhere", () => {
    render(<TextField label="IFSC Code" aria-invalid={true} />)
    expect(screen.getByLabelText('IFSC Code')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('draws a leading text (+91) beside the input, hidden from screen readers', () => {
    render(<TextField label="Phone" leading="+91" />)
    const input = screen.getByLabelText('Phone')
    const prefix = screen.getByText('+91')
    expect(prefix).toHaveAttribute('aria-hidden', 'true')
    expect(prefix.parentElement).toBe(input.parentElement)
    expect(input).toHaveAccessibleName('Phone')
  })

  it('draws a trailing control inside the input box', () => {
    render(<TextField label="Password" trailing={<button type="button">Show password</button>} />)
    const box = screen.getByLabelText('Password').parentElement
    expect(box).toHaveClass('input-with-toggle')
    expect(box).toContainElement(screen.getByRole('button', { name: 'Show password' }))
  })
})
