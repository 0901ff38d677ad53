import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
vi.mock('@/lib/api-client', () => ({ api: { get: () => ({ json: async () => ({}) }) } }))

const { useUserStore } = await import('@/stores/user-store')
const { default: PlatformFee } = await import('./platform-fee')

function renderPage() {
  const memory = memoryLocation({ path: '/platform-fee?amount=99' })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <PlatformFee />
    </Router>,
  )
}

beforeEach(() => useUserStore.setState({ user: null }))

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
