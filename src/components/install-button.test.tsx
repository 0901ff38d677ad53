import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { captureInstallPrompt } from '@/lib/install-prompt'
import { InstallButton } from './install-button'

captureInstallPrompt(window)

/** A synthetic `beforeinstallprompt`, as Chromium fires it when the app may be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>
    userChoice: Promise<{ outcome: string }>
  }
  event.prompt = vi.fn(async () => undefined)
  event.userChoice = Promise.resolve({ outcome })
  act(() => void window.dispatchEvent(event))
  return event
}

describe('InstallButton', () => {
  it('shows nothing until the browser offers installation', () => {
    render(<InstallButton />)
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
  })

  it('appears on beforeinstallprompt (held from the browser’s own banner) and opens the install dialog once', async () => {
    render(<InstallButton />)
    const event = offerInstall('accepted')
    expect(event.defaultPrevented).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Install app' }))
    expect(event.prompt).toHaveBeenCalledTimes(1)
    // An offer can be used once: the button goes until the browser offers again.
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
  })

  it('goes away once the app is installed', () => {
    render(<InstallButton />)
    offerInstall('dismissed')
    expect(screen.getByRole('button', { name: 'Install app' })).toBeInTheDocument()
    act(() => void window.dispatchEvent(new Event('appinstalled')))
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
  })

  it('on iOS Safari, where there is no such offer, shows the Add to Home Screen hint', () => {
    const ua = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      )
    try {
      render(<InstallButton />)
      expect(screen.getByTestId('ios-install-hint')).toHaveTextContent('Add to Home Screen')
    } finally {
      ua.mockRestore()
    }
  })
})
