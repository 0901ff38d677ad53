import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
vi.mock('@/lib/api-client', () => ({ api: { get: () => ({ json: async () => ({}) }) } }))
vi.mock('@/stores/get-user', () => ({ refreshUser: vi.fn() }))

const { useUserStore } = await import('@/stores/user-store')
const { refreshUser } = await import('@/stores/get-user')
const { activateLocale } = await import('@/i18n/i18n')
const { heldUserRefresh, sampleUser, SAVED_BEFORE_OPENING } =
  await import('@/stores/user-store.test-helpers')
const { default: PlatformFee } = await import('./platform-fee')

const user = sampleUser()

function renderPage() {
  const memory = memoryLocation({ path: '/platform-fee?amount=99' })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <PlatformFee />
    </Router>,
  )
}

beforeEach(() => {
  useUserStore.setState({ user: null, fetchedAt: null })
  vi.mocked(refreshUser).mockRejectedValue(new TypeError('Failed to fetch'))
})

describe('Platform fee page', () => {
  it('explains the refundable fee, the conditions and the timeline, and links to the UPI payment', () => {
    renderPage()
    expect(screen.getByText(/^Withdrawals need a one-time platform fee of ₹99/)).toHaveTextContent(
      'refund within 90 days',
    )
    const terms = screen.getByRole('region', { name: 'Before you pay: how withdrawals work' })
    expect(terms).toHaveTextContent('The one-time platform fee of ₹99 paid')
    // Before GET /config/ has answered there is no range yet: no hand-written one either.
    expect(terms).toHaveTextContent('A withdrawal is paid within the days your plan states')
    expect(screen.getByRole('link', { name: 'Pay ₹99' })).toHaveAttribute(
      'href',
      '/m-payment?deposit=99&KeyFrom=Platform Fee',
    )
  })
})

describe("Platform fee page's saved copy", () => {
  afterEach(() => activateLocale('en'))

  it('labels the saved fee status with its time, then shows the fresh one as updated', async () => {
    useUserStore.setState({ user, fetchedAt: SAVED_BEFORE_OPENING })
    const held = heldUserRefresh({ ...user, platform_fee_paid: true })
    vi.mocked(refreshUser).mockImplementation(held.refresh)
    renderPage()
    expect(screen.getByRole('link', { name: 'Pay ₹99' })).toBeInTheDocument()
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent(/^Saved at /)
    act(() => held.arrive())
    expect(await screen.findByText('You have already paid the platform fee.')).toBeInTheDocument()
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent('Updated just now')
  })

  it('keeps the saved label, in Hindi, when the user cannot be fetched', async () => {
    await activateLocale('hi')
    useUserStore.setState({ user, fetchedAt: SAVED_BEFORE_OPENING })
    renderPage()
    await waitFor(() => expect(refreshUser).toHaveBeenCalled())
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent(/ पर सेव की गई कॉपी$/)
  })
})
