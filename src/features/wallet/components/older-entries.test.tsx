/**
 * The wallet's older coin movements: each page is fetched with the previous page's cursor and
 * appended, the button goes once the oldest row is in, and a failed page says so and can be
 * tried again.
 */
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { LedgerEntry } from '@contract/api/earning'

const getWalletPage = vi.fn()
vi.doMock('../api/get-wallet-page', () => ({
  getWalletPage: (before: string) => getWalletPage(before),
}))
const { OlderEntries, OLDER_FAILED } = await import('./older-entries')

const entry = (id: number): LedgerEntry => ({
  id,
  kind: 'video_reward',
  coins: 25,
  rupees: null,
  status: 'confirmed',
  description: 'Video reward',
  reference: null,
  created_at: '2026-11-20T10:00:00.000Z',
})

describe('OlderEntries', () => {
  it('appends page after page by cursor until the oldest row is in', async () => {
    getWalletPage
      .mockResolvedValueOnce({ entries: [entry(9), entry(8)], next: '8' })
      .mockResolvedValueOnce({ entries: [entry(7)], next: null })
    render(<OlderEntries next="10" />)
    await userEvent.click(screen.getByRole('button', { name: 'Show older movements' }))
    expect(await screen.findAllByTestId('ledger-row')).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Show older movements' }))
    expect(await screen.findAllByTestId('ledger-row')).toHaveLength(3)
    expect(getWalletPage.mock.calls).toEqual([['10'], ['8']])
    expect(screen.queryByRole('button', { name: 'Show older movements' })).toBeNull()
  })

  it('says when a page failed and loads it on the next try', async () => {
    getWalletPage
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ entries: [entry(4)], next: null })
    render(<OlderEntries next="5" />)
    await userEvent.click(screen.getByRole('button', { name: 'Show older movements' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(OLDER_FAILED)
    await userEvent.click(screen.getByRole('button', { name: 'Show older movements' }))
    expect(await screen.findAllByTestId('ledger-row')).toHaveLength(1)
  })

  it('shows nothing when the first page held the oldest row', () => {
    const { container } = render(<OlderEntries next={null} />)
    expect(container).toBeEmptyDOMElement()
  })
})
