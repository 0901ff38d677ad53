import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { DEFAULT_RULES, withdrawalConditions } from '@contract/rules'
import { expectFocusTrappedIn } from '@/components/popup.test-helpers'
import { activateLocale } from '@/i18n/i18n'
import { SAVED_BEFORE_OPENING } from '@/stores/user-store.test-helpers'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
const apiGet = vi.fn()
vi.mock('@/lib/api-client', () => ({ api: { get: (...a: unknown[]) => apiGet(...a) } }))
const createOrder = vi.fn()
vi.mock('../api/create-order', () => ({ createOrder: (...a: unknown[]) => createOrder(...a) }))
const getUpi = vi.fn()
vi.mock('../api/get-upi', () => ({ getUpi: () => getUpi() }))
vi.mock('@/lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), clear: vi.fn() },
}))

const { usePlansStore } = await import('@/stores/plans-store')
const { default: DepositFee } = await import('./deposit-fee')

const plans = [
  { id: 1, membership_type: 'Basic', video_point: 100, deposit_point: 'FREE', withdrawl_days: 30 },
  { id: 2, membership_type: 'Basic', video_point: 300, deposit_point: '199', withdrawl_days: 30 },
  { id: 3, membership_type: 'Gold', video_point: 500, deposit_point: '499', withdrawl_days: 7 },
]

function renderPage() {
  const memory = memoryLocation({ path: '/deposit-fee', record: true })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <DepositFee />
    </Router>,
  )
  return memory
}

beforeEach(() => {
  usePlansStore.setState({ plans: null, fetchedAt: null, error: null })
  apiGet.mockImplementation((url: string) => ({
    json: async () => (url === 'get-membership/' ? plans : {}),
  }))
  createOrder.mockResolvedValue({
    order_id: 'ord_42',
    amount: 499,
    membership_plan_id: 3,
    purpose: 'membership',
    status: 'pending',
  })
  getUpi.mockResolvedValue([{ upi_id: 'a@upi', payee_name: 'A' }])
})

afterEach(() => {
  vi.clearAllMocks()
  vi.restoreAllMocks()
})

describe('Deposit page', () => {
  it("shows each plan's own payout days, with the right plural, when a type's plans differ", async () => {
    apiGet.mockImplementation((url: string) => ({
      json: async () =>
        url === 'get-membership/'
          ? [
              {
                id: 4,
                membership_type: 'Gold',
                video_point: 120,
                deposit_point: '1999',
                withdrawl_days: 3,
              },
              {
                id: 5,
                membership_type: 'Gold',
                video_point: 300,
                deposit_point: '4999',
                withdrawl_days: 2,
              },
              {
                id: 6,
                membership_type: 'Platinum',
                video_point: 700,
                deposit_point: '9999',
                withdrawl_days: 1,
              },
            ]
          : {},
    }))
    renderPage()
    const gold = await screen.findByRole('region', { name: 'Gold plans' })
    expect(gold).toHaveTextContent('Withdrawal in 2 to 3 days')
    expect(gold).toHaveTextContent(
      'Deposit rupees 1,999 and get 120 coins (₹1.20) per video · Withdrawal in 3 days',
    )
    expect(gold).toHaveTextContent(
      'Deposit rupees 4,999 and get 300 coins (₹3) per video · Withdrawal in 2 days',
    )
    const platinum = screen.getByRole('region', { name: 'Platinum plans' })
    expect(platinum).toHaveTextContent('Withdrawal in 1 day')
    expect(platinum).not.toHaveTextContent('1 days')
  })

  it('groups plans by type with the withdrawal note, paid and free texts', async () => {
    renderPage()
    expect(screen.getByRole('heading', { name: 'Membership Plans for You' })).toBeInTheDocument()
    const basic = await screen.findByRole('region', { name: 'Basic plans' })
    expect(basic).toHaveTextContent('Withdrawal in 30 days')
    expect(basic).toHaveTextContent('Get 100 coins (₹1) per video for free')
    expect(basic).toHaveTextContent('Deposit rupees 199 and get 300 coins (₹3) per video')
    const gold = screen.getByRole('region', { name: 'Gold plans' })
    expect(gold).toHaveTextContent('Withdrawal in 7 days')
    expect(gold).toHaveTextContent('Deposit rupees 499 and get 500 coins (₹5) per video')
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument()
  })

  it('lists every withdrawal condition and the timeline before paying', async () => {
    renderPage()
    const terms = await screen.findByRole('region', {
      name: 'Before you pay: how withdrawals work',
    })
    expect(terms).toHaveTextContent('A balance of at least ₹999 (99,900 coins)')
    expect(terms).toHaveTextContent('At least 25 videos watched')
    expect(terms).toHaveTextContent('At least 3 friends referred who verified their email')
    expect(terms).toHaveTextContent(
      'The one-time platform fee of ₹99 paid (refundable within 90 days)',
    )
    expect(terms).toHaveTextContent('A transfer fee of ₹1 is taken from each withdrawal')
    // The rules' payout range is the server's; before it answers, no hand-written range shows.
    expect(terms).toHaveTextContent('A withdrawal is paid within the days your plan states')
  })

  it('asks to confirm; No closes the popup without an order', async () => {
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit ₹499 for Gold' }))
    expect(screen.getByRole('dialog', { name: 'Confirm Payment' })).toHaveTextContent(
      'Do you want to proceed with the payment of ₹499 for the Gold plan?',
    )
    // Every enforced withdrawal condition is in the popup itself, before the Yes.
    const dialog = screen.getByRole('dialog', { name: 'Confirm Payment' })
    const conditions = within(
      within(dialog).getByRole('region', { name: 'Withdrawal conditions' }),
    ).getAllByRole('listitem')
    expect(conditions.map((li) => li.textContent)).toEqual(
      withdrawalConditions(DEFAULT_RULES).map((c) => c.text),
    )
    fireEvent.click(screen.getByRole('button', { name: 'No' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(createOrder).not.toHaveBeenCalled()
  })

  it('Yes creates the order, fetches UPI details and goes to /m-payment', async () => {
    const memory = renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit ₹499 for Gold' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    await waitFor(() =>
      expect(memory.history.at(-1)).toBe(
        '/m-payment?deposit=499&membership_plan_id=3&order_id=ord_42',
      ),
    )
    expect(createOrder).toHaveBeenCalledWith(499, 3)
    expect(getUpi).toHaveBeenCalled()
  })

  it('shows the order error when create-order fails', async () => {
    createOrder.mockRejectedValue(new Error('500'))
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit ₹199 for Basic' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error creating order. Please try again.',
    )
    expect(getUpi).not.toHaveBeenCalled()
  })

  it("shows the server's words when it refuses a fourth open order", async () => {
    const { HTTPError } = await import('ky')
    const message =
      'You have 3 payments waiting. Pay or let one expire (after 24 hours) before starting another.'
    createOrder.mockRejectedValue(
      new HTTPError(
        new Response(JSON.stringify({ code: 'TOO_MANY_OPEN_ORDERS', message }), { status: 409 }),
        new Request('http://localhost/api/v1/create-order/'),
        {} as never,
      ),
    )
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit ₹199 for Basic' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('shows the UPI error when get-upi fails', async () => {
    getUpi.mockRejectedValue(new Error('500'))
    const memory = renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit ₹199 for Basic' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error fetching UPI details. Please try again.',
    )
    expect(memory.history.at(-1)).toBe('/deposit-fee')
  })

  it('shows the membership errors of docs/product.md#messages', async () => {
    apiGet.mockImplementation(() => ({ json: async () => ({}) }))
    renderPage()
    expect(
      await screen.findByText('Failed to fetch membership data. Please try again.'),
    ).toBeInTheDocument()
  })

  it('the Confirm Payment sheet from the keyboard: focus on its title, trapped, Escape answers No, focus back', async () => {
    const user = userEvent.setup()
    renderPage()
    const deposit = await screen.findByRole('button', { name: 'Deposit ₹499 for Gold' })
    deposit.focus()
    await user.keyboard('{Enter}')
    const dialog = screen.getByRole('dialog', { name: 'Confirm Payment' })
    // Opens on its title, with the summary: plan and amount; the conditions folded.
    expect(screen.getByRole('heading', { name: 'Confirm Payment' })).toHaveFocus()
    expect(dialog).toHaveTextContent('PlanGold')
    expect(dialog).toHaveTextContent('Amount₹499')
    // Rupees first, the coins beside, as on every money screen.
    expect(dialog).toHaveTextContent('Reward per video₹5 (500 coins)')
    const more = screen.getByText('What you need to withdraw')
    expect(more.closest('details')).not.toHaveAttribute('open')
    const yes = screen.getByRole('button', { name: 'Yes' })
    const no = screen.getByRole('button', { name: 'No' })
    await user.tab()
    await expectFocusTrappedIn(user, [more, yes, no])
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(createOrder).not.toHaveBeenCalled()
    expect(deposit).toHaveFocus()
  })
})

describe("Deposit page's saved plans", () => {
  const savedAt = SAVED_BEFORE_OPENING
  afterEach(() => activateLocale('en'))

  /** get-membership answers only when the returned function is called. */
  function holdPlans(): () => void {
    let arrive: () => void = () => undefined
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    apiGet.mockImplementation((url: string) => ({
      json: async () => {
        if (url !== 'get-membership/') return {}
        await arrived
        return plans
      },
    }))
    return arrive
  }

  it('labels the saved plans with the time they were saved, then as updated once the server answers', async () => {
    usePlansStore.setState({ plans, fetchedAt: savedAt })
    const arrive = holdPlans()
    renderPage()
    expect(screen.getByRole('region', { name: 'Gold plans' })).toBeInTheDocument()
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent(/^Saved at /)
    arrive()
    await waitFor(() =>
      expect(screen.getByTestId('saved-copy-label')).toHaveTextContent('Updated just now'),
    )
  })

  it('keeps the saved label, in Hindi, when the plans cannot be fetched', async () => {
    await activateLocale('hi')
    usePlansStore.setState({ plans, fetchedAt: savedAt })
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    apiGet.mockImplementation(() => ({
      json: async () => {
        throw new TypeError('Failed to fetch')
      },
    }))
    renderPage()
    await waitFor(() => expect(usePlansStore.getState().error).not.toBeNull())
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent(/ पर सेव की गई कॉपी$/)
  })

  it('shows no time over plans saved by an older build (time unknown) until the server answers', async () => {
    usePlansStore.setState({ plans, fetchedAt: null })
    const arrive = holdPlans()
    renderPage()
    expect(screen.getByRole('region', { name: 'Gold plans' })).toBeInTheDocument()
    expect(screen.getByTestId('saved-copy-label')).toBeEmptyDOMElement()
    arrive()
    await waitFor(() =>
      expect(screen.getByTestId('saved-copy-label')).toHaveTextContent('Updated just now'),
    )
  })
})
