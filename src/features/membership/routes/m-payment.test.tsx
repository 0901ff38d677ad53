import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
vi.mock('@/lib/api-client', () => ({ api: {}, readApiError: async () => null }))
vi.mock('@/stores/get-user', () => ({ refreshUser: vi.fn(async () => undefined) }))
const createOrder = vi.fn()
vi.mock('../api/create-order', () => ({ createOrder: (...a: unknown[]) => createOrder(...a) }))
const getUpi = vi.fn()
vi.mock('../api/get-upi', () => ({ getUpi: () => getUpi() }))
const getOrder = vi.fn()
vi.mock('../api/get-order', () => ({ getOrder: (...a: unknown[]) => getOrder(...a) }))
const submitUtr = vi.fn()
vi.mock('../api/submit-utr', () => ({ submitUtr: (...a: unknown[]) => submitUtr(...a) }))

const { default: MPayment } = await import('./m-payment')

function renderAt(path: string) {
  const memory = memoryLocation({ path })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <MPayment />
    </Router>,
  )
}

const planOrder = {
  order_id: 'ord_7',
  status: 'pending',
  amount: 499,
  purpose: 'membership',
  membership_plan_id: 3,
  upi_reference: null,
  utr: null,
}

beforeEach(() => {
  getUpi.mockResolvedValue([
    { upi_id: 'first@okaxis', payee_name: 'Watch Earn One' },
    { upi_id: 'second@ybl', payee_name: 'Watch Earn Two' },
  ])
  getOrder.mockResolvedValue(planOrder)
  createOrder.mockResolvedValue({
    order_id: 'ord_fee',
    amount: 99,
    membership_plan_id: null,
    purpose: 'platform_fee',
    status: 'pending',
  })
})
afterEach(() => vi.clearAllMocks())

describe('UPI payment page', () => {
  it('shows two QR codes built from upi://pay links with the amount, INR and the order id', async () => {
    renderAt('/m-payment?deposit=499&membership_plan_id=3&order_id=ord_7')
    // Titled by what the user does, not the payee's 'Receive Money'.
    expect(screen.getByRole('heading', { name: 'Pay by UPI' })).toBeInTheDocument()
    expect(screen.getByText('From any UPI app (PhonePe, BHIM, GPay, Paytm)')).toBeInTheDocument()
    const first = await screen.findByTestId('qr-image-0')
    expect(first.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    expect(first).toHaveAttribute(
      'data-upi-link',
      'upi://pay?pa=first@okaxis&pn=Watch%20Earn%20One&am=499.00&cu=INR&tr=ord_7&tn=Membership%20plan%203',
    )
    expect(screen.getByTestId('qr-image-1').getAttribute('data-upi-link')).toContain(
      'pa=second@ybl',
    )
    expect(screen.getByText('Slide for another QR Code')).toBeInTheDocument()
    expect(screen.getByTestId('payee-label')).toHaveTextContent(
      'Pay to Watch Earn One (first@okaxis)',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code 2' }))
    expect(screen.getByTestId('payee-label')).toHaveTextContent(
      'Pay to Watch Earn Two (second@ybl)',
    )
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('₹499')
    // The plan by its name once the plans are known, never by its id.
    expect(screen.getByTestId('payment-plan')).toHaveTextContent('Plan: Membership plan')
    expect(screen.queryByText(/Plan ID/)).toBeNull()
    expect(screen.getByText(/take a screenshot of this QR code/)).toBeInTheDocument()
    expect(createOrder).not.toHaveBeenCalled()
  })

  it("puts a 'Pay with UPI app' link first, carrying the server's amount and the order id", async () => {
    // The address says 1; the server's order says 499: the server wins.
    renderAt('/m-payment?deposit=1&membership_plan_id=3&order_id=ord_7')
    const link = await screen.findByRole('link', { name: 'Pay with UPI app' })
    expect(link).toHaveAttribute(
      'href',
      'upi://pay?pa=first@okaxis&pn=Watch%20Earn%20One&am=499.00&cu=INR&tr=ord_7&tn=Membership%20plan%203',
    )
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('₹499')
    expect(screen.queryByText('₹1')).not.toBeInTheDocument()
  })

  it('keeps the spinner alone until the QR codes are ready, then draws the order and the codes together', async () => {
    let answerUpi: (payees: unknown) => void = () => {}
    getUpi.mockReturnValue(new Promise((resolve) => (answerUpi = resolve)))
    renderAt('/m-payment?deposit=499&membership_plan_id=3&order_id=ord_7')
    await vi.waitFor(() => expect(getUpi).toHaveBeenCalled())
    // The order is in; the payees are not: nothing of the order above the spinner yet.
    expect(screen.getByText('Preparing your payment…')).toBeInTheDocument()
    expect(screen.queryByTestId('payment-amount')).toBeNull()
    expect(screen.queryByTestId('order-status')).toBeNull()
    answerUpi([{ upi_id: 'first@okaxis', payee_name: 'Watch Earn One' }])
    expect(await screen.findByTestId('qr-image-0')).toBeInTheDocument()
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('₹499')
    expect(screen.queryByText('Preparing your payment…')).toBeNull()
  })

  it('says there is nothing to pay when opened without its query parameters', async () => {
    renderAt('/m-payment')
    expect(await screen.findByRole('alert')).toHaveTextContent(/There is no payment to make here/)
    expect(screen.queryByText(/₹0/)).not.toBeInTheDocument()
    expect(createOrder).not.toHaveBeenCalled()
    expect(getOrder).not.toHaveBeenCalled()
  })

  it('checks the UTR is 12 digits, then stores it on the order', async () => {
    submitUtr.mockResolvedValue({ ...planOrder, utr: '412345678901' })
    renderAt('/m-payment?deposit=499&membership_plan_id=3&order_id=ord_7')
    const input = await screen.findByLabelText('Paid? Enter the 12-digit UPI reference (UTR)')
    fireEvent.change(input, { target: { value: '12345' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send reference' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the 12-digit UPI transaction reference (UTR) shown by your UPI app.',
    )
    expect(submitUtr).not.toHaveBeenCalled()
    fireEvent.change(input, { target: { value: '4123 4567 8901' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send reference' }))
    expect(await screen.findByTestId('utr-saved')).toHaveTextContent('412345678901')
    expect(submitUtr).toHaveBeenCalledWith('ord_7', '412345678901')
    expect(screen.getByTestId('order-status')).toHaveTextContent('reference received')
  })

  it('refuses a UTR of all zeros with its own message and sends nothing', async () => {
    renderAt('/m-payment?deposit=499&membership_plan_id=3&order_id=ord_7')
    const input = await screen.findByLabelText('Paid? Enter the 12-digit UPI reference (UTR)')
    fireEvent.change(input, { target: { value: '0000 0000 0000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send reference' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A UTR is never all zeros. Enter the 12-digit UPI transaction reference (UTR) your UPI app shows for this payment.',
    )
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(submitUtr).not.toHaveBeenCalled()
  })

  it('an expired order says so and still takes the reference of a payment made in time', async () => {
    getOrder.mockResolvedValue({ ...planOrder, status: 'expired' })
    renderAt('/m-payment?order_id=ord_7')
    expect(await screen.findByTestId('order-status')).toHaveTextContent('This order expired')
    expect(screen.getByLabelText('Paid? Enter the 12-digit UPI reference (UTR)')).toBeVisible()
  })

  it('creates the platform fee order on open and says the fee is refundable', async () => {
    renderAt('/m-payment?deposit=99&KeyFrom=Platform Fee')
    const first = await screen.findByTestId('qr-image-0')
    expect(createOrder).toHaveBeenCalledWith(99, null, expect.any(String))
    expect(first.getAttribute('data-upi-link')).toContain(
      'am=99.00&cu=INR&tr=ord_fee&tn=Platform%20fee',
    )
    expect(screen.getByText('This is a one-time refundable platform fee.')).toBeInTheDocument()
    expect(screen.queryByTestId('payment-plan')).not.toBeInTheDocument()
  })

  it('shows the order status waiting, then confirmed, looking again one interval later', async () => {
    getOrder
      .mockResolvedValueOnce(planOrder)
      .mockResolvedValue({ ...planOrder, status: 'confirmed' })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      renderAt('/m-payment?deposit=499&membership_plan_id=3&order_id=ord_7')
      expect(
        await screen.findByText('Payment status: waiting for confirmation'),
      ).toBeInTheDocument()
      // The status came with the order: no second request at once.
      await vi.advanceTimersByTimeAsync(4000)
      expect(getOrder).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1000)
      expect(await screen.findByText('Payment confirmed. Your plan is active.')).toBeInTheDocument()
      expect(getOrder).toHaveBeenCalledWith('ord_7')
    } finally {
      vi.useRealTimers()
    }
  })

  it('alerts when the device cannot share files', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined)
    renderAt('/m-payment?deposit=499&membership_plan_id=3&order_id=ord_7')
    await screen.findByTestId('qr-image-0')
    fireEvent.click(screen.getByRole('button', { name: 'Share QR' }))
    expect(alert).toHaveBeenCalledWith(
      'Sharing is not supported on this device. You can download and share manually.',
    )
  })

  it('shares the PNG through the share sheet when the device can', async () => {
    const share = vi.fn(async () => undefined)
    Object.assign(navigator, { share, canShare: () => true })
    try {
      renderAt('/m-payment?deposit=499&membership_plan_id=3&order_id=ord_7')
      await screen.findByTestId('qr-image-0')
      fireEvent.click(screen.getByRole('button', { name: 'Share QR' }))
      await vi.waitFor(() => expect(share).toHaveBeenCalled())
      const data = (share.mock.calls[0] as unknown as [ShareData])[0]
      expect(data.files?.[0]?.type).toBe('image/png')
      expect(data.files?.[0]?.name).toBe('upi-qr-ord_7-1.png')
    } finally {
      delete (navigator as { share?: unknown }).share
      delete (navigator as { canShare?: unknown }).canShare
    }
  })

  it('downloads the QR as a PNG file', async () => {
    const clicks: HTMLAnchorElement[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this)
    })
    renderAt('/m-payment?deposit=499&membership_plan_id=3&order_id=ord_7')
    await screen.findByTestId('qr-image-0')
    fireEvent.click(screen.getByRole('button', { name: 'Download QR' }))
    expect(click).toHaveBeenCalled()
    expect(clicks[0]?.download).toBe('upi-qr-ord_7-1.png')
    expect(clicks[0]?.href).toMatch(/^data:image\/png;base64,/)
  })

  it('shows the UPI error when the payees cannot be fetched', async () => {
    getUpi.mockRejectedValue(new Error('down'))
    renderAt('/m-payment?deposit=499&membership_plan_id=3&order_id=ord_7')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error fetching UPI details. Please try again.',
    )
  })

  it('shows the order error when the order cannot be created, and Try again asks again', async () => {
    createOrder.mockRejectedValueOnce(new Error('down'))
    renderAt('/m-payment?deposit=99&KeyFrom=Platform Fee')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error creating order. Please try again.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('qr-image-0')).toBeInTheDocument()
    expect(createOrder).toHaveBeenCalledTimes(2)
  })

  it('names the plan, not its id, once the plans are known', async () => {
    const { usePlansStore } = await import('@/stores/plans-store')
    usePlansStore.setState({
      plans: [
        {
          id: 3,
          membership_type: 'Gold',
          video_point: 50,
          deposit_point: '499',
          withdrawl_days: 3,
        },
      ],
    })
    renderAt('/m-payment?deposit=499&membership_plan_id=3&order_id=ord_7')
    expect(await screen.findByTestId('payment-plan')).toHaveTextContent('Plan: Gold')
    usePlansStore.setState({ plans: null })
  })
})
