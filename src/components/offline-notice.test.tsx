import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OfflineNotice } from './offline-notice'

const TEXT = 'You are offline. Showing your last saved data.'

function goOffline(offline: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline)
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'))
}

afterEach(() => vi.restoreAllMocks())

describe('offline notice', () => {
  it('shows nothing while online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    render(<OfflineNotice />)
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument()
  })

  it('appears when the connection drops and goes when it returns', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    render(<OfflineNotice />)
    act(() => goOffline(true))
    expect(screen.getByRole('status')).toHaveTextContent(TEXT)
    act(() => goOffline(false))
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument()
  })
})
