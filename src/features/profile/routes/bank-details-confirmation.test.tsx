import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderAt } from '../profile.test-helpers'
import BankDetailsConfirmation from './bank-details-confirmation'

describe('Bank details confirmation screen', () => {
  it('shows the product’s texts and Back to Home, which goes to /dashboard', async () => {
    const { user, currentUrl } = renderAt(<BankDetailsConfirmation />, '/bank-details-confirmation')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Bank Details Added Successfully!' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'Your bank details have been successfully saved. You can now proceed with transactions.',
      ),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to Home' }))
    expect(currentUrl()).toBe('/dashboard')
  })
})
