/**
 * The dashboard's popups from the keyboard: focus moves in, Tab and Shift+Tab stay inside, Escape
 * closes where the popup may be dismissed, and focus comes back.
 */
import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from './dashboard.test-helpers'
import { expectFocusTrappedIn } from '@/components/popup.test-helpers'

describe('Dashboard popups from the keyboard', () => {
  it('the requirements popup: focus on OK, trapped, Escape closes it, focus back on Withdraw', async () => {
    const user = userEvent.setup()
    renderAt('/dashboard')
    await screen.findByTestId('player-timer')
    const withdraw = screen.getByRole('button', { name: 'Withdraw' })
    withdraw.focus()
    await user.keyboard('{Enter}')
    const dialog = screen.getByRole('dialog', { name: 'Withdrawal requirements' })
    const ok = screen.getByRole('button', { name: 'OK' })
    await expectFocusTrappedIn(user, [ok])
    await user.keyboard('{Escape}')
    expect(dialog).not.toBeInTheDocument()
    expect(withdraw).toHaveFocus()
    // OK closes it the same way.
    await user.keyboard('{Enter}')
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(withdraw).toHaveFocus()
  })

  it('the bonus popup on load: focus on Get Started, trapped, Escape does nothing, then focus on Play', async () => {
    const user = userEvent.setup()
    renderAt('/dashboard', { views: 0 })
    await screen.findByTestId('player-video')
    const start = screen.getByRole('button', { name: 'Get Started' })
    await expectFocusTrappedIn(user, [start])
    await user.keyboard('{Escape}')
    // In the app's language: the English page's popup is in English.
    const bonus = screen.getByRole('dialog', { name: 'Congratulations!' })
    expect(bonus).toHaveAttribute('open')
    expect(bonus).toHaveTextContent('You have received a bonus of ₹100!')
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // Get Started started nothing: the player waits on Play, with focus.
    expect(screen.getByRole('button', { name: 'Play' })).toHaveFocus()
  })

  it('the congratulations popup: the new balance from the answer, focus on Next video, Escape closes it, focus on Play', async () => {
    vi.useFakeTimers()
    renderAt('/dashboard')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50)
    })
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    fireEvent.playing(screen.getByTestId('player-video'))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000)
    })
    // The popup is open (it closes itself after 3 s of the fake clock): keys from here on.
    vi.useRealTimers()
    const user = userEvent.setup()
    const dialog = screen.getByRole('dialog', { name: 'Congratulations!' })
    expect(within(dialog).getByTestId('reward-popup-balance')).toHaveTextContent(
      '2,000 coins (₹20)',
    )
    const next = within(dialog).getByRole('button', { name: 'Next video' })
    expect(next).toHaveFocus()
    await user.tab()
    expect(next).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(dialog).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Play' })).toHaveFocus()
  })
})

describe('the reward moment', () => {
  it('Next video closes the popup and starts the next video', async () => {
    vi.useFakeTimers()
    renderAt('/dashboard')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50)
    })
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    fireEvent.playing(screen.getByTestId('player-video'))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000)
    })
    vi.useRealTimers()
    const dialog = screen.getByRole('dialog', { name: 'Congratulations!' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next video' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument()
  })
})
