/**
 * Helpers for the Withdraw screen's component tests (routes/amount-withdraw*.test.tsx): the
 * modules the screen talks to, mocked (the outbox, the withdrawal API, the toasts, the withdrawal
 * status), the screen rendered at a URL, and the steps of filling the form and the review sheet.
 * Import it before anything that imports the screen, so the mocks are in place.
 */
import { fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { WithdrawalStatus } from '@/lib/withdrawal-status'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
vi.mock('@/lib/api-client', () => ({ api: { get: () => ({ json: async () => ({}) }) } }))
vi.mock('@/stores/get-user', () => ({ refreshUser: vi.fn(async () => undefined) }))
/** `dismissOutboxItem`: a refusal for good is taken out of the outbox. */
export const dismiss = vi.fn(async (_id: string) => undefined)
vi.mock('@/lib/outbox/outbox', () => ({
  dismissOutboxItem: (id: string) => dismiss(id),
}))
/** The known payee's send, through the outbox. */
export const addWithdraw = vi.fn()
/** The new payee's send, online with the PIN. */
export const addWithdrawWithPin = vi.fn()
vi.mock('./api/add-withdraw', () => ({
  addWithdraw: (...a: unknown[]) => addWithdraw(...a),
  addWithdrawWithPin: (...a: unknown[]) => addWithdrawWithPin(...a),
}))
/** The toasts (src/lib/notify.ts): `notify.success`, `notify.error`, `notify.info`. */
export const notify = { success: vi.fn(), error: vi.fn(), info: vi.fn() }
vi.mock('@/lib/notify', () => ({ notify }))

/** An eligible user on a 7-day plan who has withdrawn to asha@okaxis before. */
export const ELIGIBLE: WithdrawalStatus = {
  conditions: [{ key: 'balance', met: true, have: 120000, need: 99900 }],
  eligible: true,
  payout_days: 7,
  video_point: 10,
  daily_videos: 20,
  days_to_min_balance: 0,
  known_upi_ids: ['asha@okaxis'],
}
let status: WithdrawalStatus | null = ELIGIBLE
vi.mock('@/lib/withdrawal-status', () => ({ useWithdrawalStatus: () => status }))

/** Sets what GET /withdrawal-status/ answers until the test ends (then ELIGIBLE again). */
export function setStatus(next: WithdrawalStatus | null): void {
  status = next
}

/** The options of the one result toast. */
export const TOAST = { id: 'withdrawal-result' }

const { default: AmountWithdraw } = await import('./routes/amount-withdraw')
const { useOutboxStore } = await import('@/lib/outbox/outbox-store')

/**
 * Registers the file's hooks: each test starts with a known payee's send answered as done, and
 * ends with the mocks cleared, the status ELIGIBLE again and the outbox empty.
 */
export function resetWithdrawMocksEachTest(): void {
  // A block, not an arrow returning the mock: a function beforeEach returns is run as its teardown.
  beforeEach(() => {
    addWithdraw.mockResolvedValue({ id: 'item-1', kind: 'done', body: { message: 'ok' } })
  })
  afterEach(() => {
    vi.clearAllMocks()
    status = ELIGIBLE
    useOutboxStore.setState({ items: [] })
  })
}

/** Renders the screen at `path` in an in-memory router; returns the router's location record. */
export function renderPage(path = '/amount-withdraw?balance=1200&refercount=1') {
  const memory = memoryLocation({ path, record: true })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AmountWithdraw />
    </Router>,
  )
  return memory
}

/** Types the amount (whole rupees, as text) and the UPI ID into the form. */
export function fill(upi: string, amount: string | number = 1000) {
  fireEvent.change(screen.getByLabelText(/Amount to withdraw/), {
    target: { value: String(amount) },
  })
  fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: upi } })
}

/** Opens the review sheet from the form and returns it. */
export function review(): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }))
  return screen.getByRole('dialog', { name: 'Review your withdrawal' })
}

/** Fills the form, opens the review and confirms there (a known payee: no PIN). */
export function withdraw(upi = 'asha@okaxis', amount: string | number = 1000) {
  fill(upi, amount)
  fireEvent.click(within(review()).getByRole('button', { name: 'Confirm withdrawal' }))
}

/** The outbox's answer for a request refused for good with `code`. */
export const refusal = (code: string, message = '', extra: Record<string, unknown> = {}) => ({
  id: 'item-1',
  kind: 'final',
  error: { status: 403, code, message, extra },
})
