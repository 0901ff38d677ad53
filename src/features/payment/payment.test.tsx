/** /payment: five required fields, CSRF then form-encoded order, provider checkout, and its messages. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HTTPError } from 'ky'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { useRulesStore } from '@/stores/rules-store'
import { getCsrfToken } from './api/get-csrf-token'
import { createCardOrder } from './api/create-card-order'
import { loadCardSdk, startCardCheckout } from './lib/load-card-sdk'
import Payment from './routes/payment'

vi.mock('idb-keyval', () => ({
  get: async () => undefined,
  set: async () => {},
  del: async () => {},
}))
vi.mock('./api/get-csrf-token', () => ({ getCsrfToken: vi.fn() }))
vi.mock('./api/create-card-order', () => ({ createCardOrder: vi.fn() }))
vi.mock('./lib/load-card-sdk', () => ({ loadCardSdk: vi.fn(), startCardCheckout: vi.fn() }))

const LABELS = ['Order ID', 'Order amount (₹)', 'Customer name', 'Customer email', 'Customer phone']
const FILLED = {
  order_id: 'ORD-1',
  order_amount: '499',
  customer_name: 'Asha Rao',
  customer_email: 'asha@example.com',
  customer_phone: '9876543210',
}

function renderPayment() {
  const location = memoryLocation({ path: '/payment' })
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Payment />
    </Router>,
  )
}

async function fillForm() {
  const user = userEvent.setup()
  const values = Object.values(FILLED)
  for (const [index, label] of LABELS.entries())
    await user.type(screen.getByLabelText(label), values[index] ?? '')
  return user
}

function httpError(status: number, body: object): HTTPError {
  const request = new Request('http://localhost/api/v1/create-order/', { method: 'POST' })
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
  return new HTTPError(response, request, {} as never)
}

beforeEach(() => {
  useRulesStore.setState({ paymentProvider: 'cashfree', load: async () => {} })
  vi.mocked(getCsrfToken).mockResolvedValue('csrf-abc')
  vi.mocked(createCardOrder).mockResolvedValue({ cftoken: 'session-xyz', order_id: 'ORD-1' })
  vi.mocked(loadCardSdk).mockResolvedValue(() => ({ checkout: async () => ({}) }))
  vi.mocked(startCardCheckout).mockResolvedValue()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.clearAllMocks())

describe('/payment form', () => {
  it('has the five fields, each labelled and required', () => {
    renderPayment()
    for (const label of LABELS) expect(screen.getByLabelText(label)).toBeRequired()
    expect(screen.getByLabelText('Order ID')).toHaveAttribute('name', 'order_id')
    expect(screen.getByLabelText('Customer phone')).toHaveAttribute('name', 'customer_phone')
  })

  it('refuses to submit with empty fields and says which are missing', async () => {
    renderPayment()
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }))
    for (const text of [
      'Order ID is required.',
      'Order amount is required.',
      'Customer name is required.',
      'Customer email is required.',
      'Customer phone is required.',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument()
    }
    expect(getCsrfToken).not.toHaveBeenCalled()
    expect(createCardOrder).not.toHaveBeenCalled()
  })

  it('fetches a CSRF token, posts the five fields with it and starts checkout with the cftoken', async () => {
    renderPayment()
    const user = await fillForm()
    await user.click(screen.getByRole('button', { name: 'Pay Now' }))
    await waitFor(() => expect(startCardCheckout).toHaveBeenCalledWith('session-xyz'))
    expect(createCardOrder).toHaveBeenCalledWith(FILLED, 'csrf-abc')
  })

  it('loads the provider SDK on this page when a card provider is configured', () => {
    renderPayment()
    expect(loadCardSdk).toHaveBeenCalledTimes(1)
    expect(screen.queryByTestId('no-provider')).not.toBeInTheDocument()
  })

  it("shows 'Error processing payment. Please try again.' on failure and resets the button", async () => {
    vi.mocked(createCardOrder).mockRejectedValue(
      httpError(500, { message: 'boom', code: 'INTERNAL' }),
    )
    renderPayment()
    const user = await fillForm()
    await user.click(screen.getByRole('button', { name: 'Pay Now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error processing payment. Please try again.',
    )
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled()
    expect(startCardCheckout).not.toHaveBeenCalled()
  })

  it("adds the server's reason when it refuses a field", async () => {
    vi.mocked(createCardOrder).mockRejectedValue(
      httpError(400, { code: 'VALIDATION', message: 'Enter a valid order id.' }),
    )
    renderPayment()
    const user = await fillForm()
    await user.click(screen.getByRole('button', { name: 'Pay Now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error processing payment. Please try again. Enter a valid order id.',
    )
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled()
  })

  it('shows the error when the provider checkout itself fails', async () => {
    vi.mocked(startCardCheckout).mockRejectedValue(new Error('card SDK failed to load'))
    renderPayment()
    const user = await fillForm()
    await user.click(screen.getByRole('button', { name: 'Pay Now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error processing payment. Please try again.',
    )
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled()
  })
})

describe('/payment without a card provider', () => {
  beforeEach(() => useRulesStore.setState({ paymentProvider: 'manual-upi' }))

  it('says card payments are not set up and does not load the SDK', () => {
    renderPayment()
    expect(screen.getByTestId('no-provider')).toHaveTextContent(
      'Card payments are not set up on this server. Pay by UPI from the Membership Plans page.',
    )
    expect(loadCardSdk).not.toHaveBeenCalled()
  })

  it("shows the server's message when it answers 501", async () => {
    vi.mocked(createCardOrder).mockRejectedValue(
      httpError(501, { code: 'CARD_PROVIDER_NOT_CONFIGURED', message: 'No card provider here.' }),
    )
    renderPayment()
    const user = await fillForm()
    await user.click(screen.getByRole('button', { name: 'Pay Now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No card provider here.')
    expect(startCardCheckout).not.toHaveBeenCalled()
  })
})
