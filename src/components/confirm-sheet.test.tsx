import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmSheet } from './confirm-sheet'

function Screen({ onConfirm }: { onConfirm(): void }) {
  const [open, setOpen] = useState(false)
  return (
    <main>
      <h1>Plans</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Deposit
      </button>
      {open ? (
        <ConfirmSheet
          title="Confirm Payment"
          summary={[
            { label: 'Plan', value: 'Gold' },
            { label: 'Amount', value: '₹499' },
          ]}
          more={{ label: 'What you need to withdraw', content: <p>Four conditions</p> }}
          confirmLabel="Yes"
          cancelLabel="No"
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </main>
  )
}

describe('ConfirmSheet', () => {
  it('opens on its title with the summary, the details folded and the actions in a footer', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    render(<Screen onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Deposit' }))
    const dialog = screen.getByRole('dialog', { name: 'Confirm Payment' })
    expect(screen.getByRole('heading', { name: 'Confirm Payment' })).toHaveFocus()
    expect(dialog).toHaveTextContent('PlanGold')
    expect(dialog).toHaveTextContent('Amount₹499')
    expect(screen.getByText('What you need to withdraw').closest('details')).not.toHaveAttribute(
      'open',
    )
    const footer = dialog.querySelector('.popup-actions')
    expect(footer).toContainElement(screen.getByRole('button', { name: 'Yes' }))
    expect(footer).toContainElement(screen.getByRole('button', { name: 'No' }))
    // Shift+Tab from the title goes to the last action, not out of the dialog.
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Yes' }))
    expect(onConfirm).toHaveBeenCalledOnce()
  })

  it('Escape answers No and focus returns to the opener', async () => {
    const user = userEvent.setup()
    render(<Screen onConfirm={vi.fn()} />)
    const opener = screen.getByRole('button', { name: 'Deposit' })
    await user.click(opener)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opener).toHaveFocus()
  })
})
