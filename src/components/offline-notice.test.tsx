import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OfflineNotice } from './offline-notice'
import { useOutboxStore } from '@/lib/outbox/outbox-store'
import type { OutboxItem } from '@/lib/outbox/outbox-types'

const TEXT = 'You are offline. Showing your last saved data.'

function goOffline(offline: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline)
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'))
}

afterEach(() => {
  vi.restoreAllMocks()
  useOutboxStore.setState({ items: [] })
})

/** An outbox item of `kind` in `state`. */
const item = (id: string, kind: string, state: OutboxItem['state']): OutboxItem => ({
  id,
  kind,
  url: '/api/v1/add-reward/',
  body: {},
  idempotencyKey: id,
  token: null,
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  state,
  lastError: null,
})

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

  it('says, in the same one banner, how many requests wait to be sent (not the refused ones)', () => {
    useOutboxStore.setState({
      items: [
        item('a', 'reward', 'pending'),
        item('b', 'withdrawal', 'pending'),
        item('c', 'reward', 'failed'),
      ],
    })
    goOffline(true)
    render(<OfflineNotice />)
    expect(screen.getAllByRole('status')).toHaveLength(1)
    expect(screen.getByRole('status')).toHaveTextContent(
      `${TEXT} 2 requests wait to be sent when you are back online.`,
    )
  })
})
