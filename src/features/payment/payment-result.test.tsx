/** /payment-success and /payment-fail: Loading for 2 s, then the details from the query or the server. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import type { ComponentType } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { getOrder } from './api/get-order'
import PaymentSuccess from './routes/payment-success'
import PaymentFail from './routes/payment-fail'

vi.mock('./api/get-order', () => ({ getOrder: vi.fn() }))

function renderAt(Page: ComponentType, path: string) {
  const location = memoryLocation({ path })
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Page />
    </Router>,
  )
}

/** Moves the fake clock and lets pending promises settle. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })

beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

describe('/payment-success', () => {
  it("shows 'Loading…' for 2 seconds, then the successful payment details", async () => {
    renderAt(PaymentSuccess, '/payment-success?order_id=ORD-5&amount=499&method=Card')
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await advance(1999)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    expect(screen.queryByText('Ticket Payment Successful')).not.toBeInTheDocument()
    await advance(1)
    expect(screen.getByRole('heading', { name: 'Ticket Payment Successful' })).toBeInTheDocument()
    expect(screen.getByText('Transaction number').nextSibling).toHaveTextContent('ORD-5')
    expect(screen.getByText('Amount paid').nextSibling).toHaveTextContent('₹499')
    expect(screen.getByText('Payment method').nextSibling).toHaveTextContent('Card')
    expect(screen.getByRole('link', { name: 'Confirm Payment' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })

  it('reads the order from the server when logged in', async () => {
    localStorage.setItem('access_token', 'tok')
    vi.mocked(getOrder).mockResolvedValue({
      order_id: 'ORD-6',
      amount: 99,
      status: 'confirmed',
      purpose: 'platform_fee',
      membership_plan_id: null,
      upi_reference: 'UTR123456',
    })
    renderAt(PaymentSuccess, '/payment-success?order_id=ORD-6')
    await advance(2000)
    expect(getOrder).toHaveBeenCalledWith('ORD-6')
    expect(screen.getByText('Transaction number').nextSibling).toHaveTextContent('UTR123456')
    expect(screen.getByText('Amount paid').nextSibling).toHaveTextContent('₹99')
    expect(screen.getByText('Payment method').nextSibling).toHaveTextContent('UPI')
  })

  it("shows 'Failed to load transaction details. Please try again.' when the query is missing", async () => {
    renderAt(PaymentSuccess, '/payment-success')
    await advance(1999)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await advance(1)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load transaction details. Please try again.',
    )
    expect(screen.queryByText('Ticket Payment Successful')).not.toBeInTheDocument()
  })

  it('shows the error for an invalid amount', async () => {
    renderAt(PaymentSuccess, '/payment-success?order_id=ORD-5&amount=abc')
    await advance(2000)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load transaction details. Please try again.',
    )
  })

  it('shows the error when the server cannot find the order and the query has no amount', async () => {
    localStorage.setItem('access_token', 'tok')
    vi.mocked(getOrder).mockRejectedValue(new Error('404'))
    renderAt(PaymentSuccess, '/payment-success?order_id=ORD-404')
    await advance(2000)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load transaction details. Please try again.',
    )
  })

  it('falls back to the query when the server does not have the order (a card order)', async () => {
    localStorage.setItem('access_token', 'tok')
    vi.mocked(getOrder).mockRejectedValue(new Error('404'))
    renderAt(PaymentSuccess, '/payment-success?order_id=CF-77&amount=250&method=Card')
    await advance(2000)
    expect(getOrder).toHaveBeenCalledWith('CF-77')
    expect(screen.getByText('Transaction number').nextSibling).toHaveTextContent('CF-77')
    expect(screen.getByText('Amount paid').nextSibling).toHaveTextContent('₹250')
  })
})

describe('/payment-fail', () => {
  it("shows 'Loading…' for 2 seconds, then 'Payment Failed' with the attempt and Retry Payment", async () => {
    renderAt(PaymentFail, '/payment-fail?order_id=ORD-8&amount=1499&method=UPI')
    await advance(1999)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await advance(1)
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument()
    expect(screen.getByText('Amount attempted').nextSibling).toHaveTextContent('₹1,499')
    expect(screen.getByText('Payment method').nextSibling).toHaveTextContent('UPI')
    expect(screen.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/payment')
  })

  it("shows 'Failed to load transaction details. Please try again.' on a missing query", async () => {
    renderAt(PaymentFail, '/payment-fail?amount=5')
    await advance(2000)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load transaction details. Please try again.',
    )
    expect(screen.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/payment')
  })
})
