import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Popup } from './popup'
import { expectFocusTrappedIn } from './popup.test-helpers'

/** A screen with a control before and after the opener, and a popup with two buttons. */
function Screen({
  dismissible = true,
  onLoad = false,
}: {
  dismissible?: boolean
  onLoad?: boolean
}) {
  const [open, setOpen] = useState(onLoad)
  return (
    <main>
      <h1>Screen</h1>
      <button type="button">Before</button>
      {onLoad ? null : (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      <button type="button">After</button>
      {open ? (
        <Popup title="Question" onDismiss={dismissible ? () => setOpen(false) : undefined}>
          <p>Sure?</p>
          <button type="button" onClick={() => setOpen(false)}>
            Yes
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            No
          </button>
        </Popup>
      ) : null}
    </main>
  )
}

describe('Popup (a modal dialog)', () => {
  it('is a modal dialog named by its title, with the page behind it inert', async () => {
    const user = userEvent.setup()
    render(<Screen />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    const dialog = screen.getByRole('dialog', { name: 'Question' })
    expect(dialog.tagName).toBe('DIALOG')
    expect(dialog).toHaveAttribute('open')
    expect(
      screen.getByRole('heading', { name: 'Screen', hidden: true }).closest('[inert]'),
    ).not.toBeNull()
  })

  it('moves focus in, keeps Tab and Shift+Tab inside, and Escape closes it back to the opener', async () => {
    const user = userEvent.setup()
    render(<Screen />)
    const opener = screen.getByRole('button', { name: 'Open' })
    await user.click(opener)
    const yes = screen.getByRole('button', { name: 'Yes' })
    const no = screen.getByRole('button', { name: 'No' })
    await expectFocusTrappedIn(user, [yes, no])
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('gives focus back to the opener when its own button closes it', async () => {
    const user = userEvent.setup()
    render(<Screen />)
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus()
    await user.tab()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('stays open on Escape when it has no onDismiss', async () => {
    const user = userEvent.setup()
    render(<Screen dismissible={false} />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Question' })).toHaveAttribute('open')
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus()
  })

  it('opened on load, gives focus to the screen heading on close', async () => {
    const user = userEvent.setup()
    render(<Screen onLoad dismissible={false} />)
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'No' }))
    expect(screen.getByRole('heading', { name: 'Screen' })).toHaveFocus()
  })

  it('opened on load, gives focus to returnFocus() on close when given', async () => {
    const user = userEvent.setup()
    function OnLoad() {
      const [open, setOpen] = useState(true)
      return (
        <main>
          <h1>Screen</h1>
          <button type="button">Play</button>
          {open ? (
            <Popup title="Bonus" returnFocus={() => screen.getByRole('button', { name: 'Play' })}>
              <button type="button" onClick={() => setOpen(false)}>
                Get Started
              </button>
            </Popup>
          ) : null}
        </main>
      )
    }
    render(<OnLoad />)
    const start = screen.getByRole('button', { name: 'Get Started' })
    // A single control: Tab and Shift+Tab keep focus on it.
    await expectFocusTrappedIn(user, [start])
    await user.click(start)
    expect(screen.getByRole('button', { name: 'Play' })).toHaveFocus()
  })

  it('without any control, holds focus on the dialog itself', async () => {
    const user = userEvent.setup()
    const onDismiss = vi.fn()
    render(
      <main>
        <h1>Screen</h1>
        <button type="button">Behind</button>
        <Popup title="Congratulations!" onDismiss={onDismiss}>
          <p>You earned 10 coins</p>
        </Popup>
      </main>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Congratulations!' })
    expect(dialog).toHaveFocus()
    await user.tab()
    expect(dialog).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(onDismiss).toHaveBeenCalledTimes(1)
  })
})
