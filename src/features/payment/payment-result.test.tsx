/**
 * /payment-success and /payment-fail (docs/product.md#transparency): Loading for 2 s, then only the server's record
 * of the order — never an amount or status from the address.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { hydrateRoot, type Root } from 'react-dom/client'
import type { ComponentType } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { getPaymentResult, type PaymentResultOrder } from './api/get-payment-result'
import PaymentSuccess from './routes/payment-success'
import PaymentFail from './routes/payment-fail'

vi.mock('./api/get-payment-result', () => ({ getPaymentResult: vi.fn() }))

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

const order = (fields: Partial<PaymentResultOrder>): PaymentResultOrder => ({
  order_id: 'WE0000000000000001',
  amount: 99,
  status: 'confirmed',
  method: 'UPI',
  upi_reference: '412345678901',
  ...fields,
})
const result = vi.mocked(getPaymentResult)

let pagesOpened = 0
/**
 * As if the document (a page of its own each call) was loaded at the current address `ms` ago;
 * returns the function that undoes it.
 */
function pageOpenedHere(ms: number): () => void {
  const spies = [
    vi
      .spyOn(performance, 'getEntriesByType')
      .mockReturnValue([{ name: window.location.href } as PerformanceEntry]),
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(1_700_000_000_000 + ++pagesOpened),
    vi.spyOn(performance, 'now').mockReturnValue(ms),
  ]
  return () => spies.forEach((spy) => spy.mockRestore())
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  result.mockResolvedValue(null)
})
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

describe('/payment-success', () => {
  it("shows 'Loading…' for 2 seconds, then the paid order's details from the server", async () => {
    localStorage.setItem('access_token', 'tok')
    result.mockResolvedValue(order({}))
    renderAt(PaymentSuccess, '/payment-success?order_id=WE0000000000000001&amount=50000')
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await advance(1999)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await advance(1)
    expect(result).toHaveBeenCalledWith('WE0000000000000001')
    expect(screen.getByRole('heading', { name: 'Ticket Payment Successful' })).toBeInTheDocument()
    expect(screen.getByText('Transaction number').nextSibling).toHaveTextContent('412345678901')
    expect(screen.getByText('Amount paid').nextSibling).toHaveTextContent('₹99')
    expect(screen.queryByText(/50,000/)).not.toBeInTheDocument()
    expect(screen.getByText('Payment method').nextSibling).toHaveTextContent('UPI')
    expect(screen.getByRole('link', { name: 'Confirm Payment' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })

  it('counts the 2 seconds of Loading from the opening of the page it is the first screen of', async () => {
    localStorage.setItem('access_token', 'tok')
    result.mockResolvedValue(order({}))
    window.history.replaceState(null, '', '/payment-success')
    const restore = pageOpenedHere(1500)
    renderAt(PaymentSuccess, '/payment-success?order_id=WE0000000000000001')
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await advance(499)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await advance(1)
    expect(screen.getByRole('heading', { name: 'Ticket Payment Successful' })).toBeInTheDocument()
    cleanup()
    // Opened again in the same page (an in-app navigation back to it): its own 2 s.
    renderAt(PaymentSuccess, '/payment-success?order_id=WE0000000000000001')
    await advance(1999)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await advance(1)
    expect(screen.getByRole('heading', { name: 'Ticket Payment Successful' })).toBeInTheDocument()
    restore()
  })

  it('keeps Loading past the 2 seconds until the server has answered', async () => {
    localStorage.setItem('access_token', 'tok')
    let answer: (value: PaymentResultOrder) => void = () => undefined
    result.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    renderAt(PaymentSuccess, '/payment-success?order_id=WE0000000000000001')
    await advance(5000)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await act(async () => answer(order({})))
    expect(screen.getByRole('heading', { name: 'Ticket Payment Successful' })).toBeInTheDocument()
  })

  it('hydrates the server’s Loading as it is, however late, and shows the result after', async () => {
    localStorage.setItem('access_token', 'tok')
    result.mockResolvedValue(order({}))
    // As src/entry-server.tsx draws the page, then as the app hydrates it at its address.
    const container = document.createElement('div')
    container.innerHTML = renderToString(
      <Router ssrPath="/payment-success" ssrSearch="">
        <PaymentSuccess />
      </Router>,
    )
    document.body.append(container)
    const serverHeading = container.querySelector('h1')
    expect(serverHeading).toHaveTextContent('Loading…')
    // The page opened 5 s ago at this address: past its 2 s, and the answer is already here.
    window.history.replaceState(null, '', '/payment-success?order_id=WE0000000000000001')
    const restore = pageOpenedHere(5000)
    const page = (
      <Router>
        <PaymentSuccess />
      </Router>
    )
    const problems: unknown[] = []
    const errors = vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args))
    let root: Root | null = null
    act(() => {
      root = hydrateRoot(container, page, { onRecoverableError: (error) => problems.push(error) })
    })
    // The hydrating render is the server's: its nodes were taken over, nothing was drawn anew.
    expect(container.querySelector('h1')).toBe(serverHeading)
    expect(problems).toEqual([])
    await advance(0)
    expect(
      within(container).getByRole('heading', { name: 'Ticket Payment Successful' }),
    ).toBeVisible()
    expect(problems).toEqual([])
    act(() => root!.unmount())
    container.remove()
    errors.mockRestore()
    restore()
  })

  it('an unknown order id with an amount in the address shows the neutral page and no amount', async () => {
    localStorage.setItem('access_token', 'tok')
    result.mockResolvedValue(null)
    renderAt(PaymentSuccess, '/payment-success?order_id=FAKE&amount=50000')
    await advance(2000)
    expect(screen.getByRole('heading', { name: 'We could not find this payment' })).toBeVisible()
    expect(screen.queryByText('Ticket Payment Successful')).not.toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/₹|50000|50,000/)
  })

  it('a still-pending order is not shown as paid', async () => {
    localStorage.setItem('access_token', 'tok')
    result.mockResolvedValue(order({ status: 'pending', upi_reference: null }))
    renderAt(PaymentSuccess, '/payment-success?order_id=WE0000000000000001')
    await advance(2000)
    expect(
      screen.getByRole('heading', { name: 'We have not received this payment yet' }),
    ).toBeVisible()
    expect(screen.queryByText('Ticket Payment Successful')).not.toBeInTheDocument()
    expect(screen.getByText('Amount due').nextSibling).toHaveTextContent('₹99')
  })

  it('a guest sees the card provider’s record of a test-page order', async () => {
    result.mockResolvedValue({
      order_id: 'CF-77',
      amount: 250,
      status: 'confirmed',
      method: 'Card',
      upi_reference: null,
    })
    renderAt(PaymentSuccess, '/payment-success?order_id=CF-77&amount=1')
    await advance(2000)
    expect(result).toHaveBeenCalledWith('CF-77')
    expect(screen.getByText('Transaction number').nextSibling).toHaveTextContent('CF-77')
    expect(screen.getByText('Amount paid').nextSibling).toHaveTextContent('₹250')
    expect(screen.getByText('Payment method').nextSibling).toHaveTextContent('Card')
  })

  it('says what is missing when opened without an order id', async () => {
    renderAt(PaymentSuccess, '/payment-success')
    await advance(2000)
    expect(screen.getByRole('heading', { name: 'We could not find this payment' })).toBeVisible()
    expect(screen.getByText(/none was given/)).toBeVisible()
    expect(result).not.toHaveBeenCalled()
  })

  it("shows 'Failed to load transaction details. Please try again.' when the server cannot be reached", async () => {
    localStorage.setItem('access_token', 'tok')
    result.mockRejectedValue(new TypeError('Failed to fetch'))
    renderAt(PaymentSuccess, '/payment-success?order_id=WE1')
    await advance(2000)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load transaction details. Please try again.',
    )
  })
})

describe('/payment-fail', () => {
  it("shows 'Loading…' for 2 seconds, then 'Payment Failed' with the server's attempt and Retry Payment", async () => {
    localStorage.setItem('access_token', 'tok')
    result.mockResolvedValue(order({ status: 'expired', amount: 1499, upi_reference: null }))
    renderAt(PaymentFail, '/payment-fail?order_id=WE0000000000000001&amount=5')
    await advance(1999)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    await advance(1)
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument()
    expect(screen.getByText('Amount attempted').nextSibling).toHaveTextContent('₹1,499')
    expect(screen.getByText('Status').nextSibling).toHaveTextContent('Expired')
    expect(screen.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute(
      'href',
      '/deposit-fee',
    )
  })

  it('a paid order opened at /payment-fail says it was received', async () => {
    localStorage.setItem('access_token', 'tok')
    result.mockResolvedValue(order({}))
    renderAt(PaymentFail, '/payment-fail?order_id=WE0000000000000001')
    await advance(2000)
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeVisible()
  })

  it('shows the neutral page for a missing order id', async () => {
    renderAt(PaymentFail, '/payment-fail?amount=5')
    await advance(2000)
    expect(screen.getByRole('heading', { name: 'We could not find this payment' })).toBeVisible()
    expect(document.body).not.toHaveTextContent('₹5')
  })
})
