/**
 * Shared setup of the wallet screen's component tests: the mocked API, storage and outbox
 * (registered with `vi.doMock` before the screen is imported), the stores, a wallet with a bonus,
 * a paid withdrawal and a confirmed order as `getWallet`'s answer, and `outboxItem`.
 */
import { afterEach, beforeEach, vi } from 'vitest'
import type { OutboxItem } from '@/lib/outbox/outbox-types'

vi.doMock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
vi.doMock('@/lib/api-client', () => ({ api: { get: () => ({ json: async () => ({}) }) } }))
export const dismiss = vi.fn(async (_id: string) => undefined)
vi.doMock('@/lib/outbox/outbox', () => ({
  refreshOutboxStore: async () => undefined,
  dismissOutboxItem: (id: string) => dismiss(id),
  describeOutboxError: (item: Pick<OutboxItem, 'kind' | 'lastError'>) =>
    `Reward not credited: ${item.lastError?.message ?? ''}`,
}))
export const getWallet = vi.fn()
vi.doMock('../api/get-wallet', () => ({ getWallet: () => getWallet() }))

export const { useOutboxStore } = await import('@/lib/outbox/outbox-store')
export const { activateLocale } = await import('@/i18n/i18n')
export const { default: Wallet, WALLET_FAILED } = await import('./wallet')
export const { useUserStore } = await import('@/stores/user-store')
export const { useWalletStore } = await import('../wallet-store')

/** An outbox item (a pending reward claim unless `over` says otherwise). */
export const outboxItem = (over: Partial<OutboxItem>): OutboxItem => ({
  id: 'o1',
  kind: 'reward',
  url: '/api/v1/add-reward/',
  body: { dashboard_id: 1 },
  idempotencyKey: 'k',
  token: null,
  createdAt: Date.parse('2026-11-21T10:00:00Z'),
  attempts: 1,
  nextAttemptAt: 0,
  state: 'pending',
  lastError: null,
  ...over,
})

beforeEach(() => {
  useOutboxStore.setState({ items: [] })
  useUserStore.setState({ user: { referral_id: 'ASHA01' } as never, fetchedAt: 1 })
  useWalletStore.getState().clear()
  getWallet.mockResolvedValue({
    balance: 9_500,
    entries: [
      {
        id: 1,
        kind: 'signup_bonus',
        coins: 10_000,
        status: 'confirmed',
        description: 'Welcome bonus',
        reference: null,
        created_at: '2026-11-20T10:00:00Z',
      },
      {
        id: 2,
        kind: 'withdrawal_hold',
        coins: -1_000,
        status: 'confirmed',
        description: 'Withdrawal to a@upi',
        reference: 'UTR123456',
        created_at: '2026-11-21T10:00:00Z',
      },
      {
        id: 3,
        kind: 'video_reward',
        coins: 500,
        status: 'pending',
        description: 'Video 4',
        reference: null,
        created_at: '2026-11-21T11:00:00Z',
      },
    ],
    withdrawals: [
      {
        id: 5,
        upi_id: 'a@upi',
        amount: 9,
        fee: 1,
        status: 'paid',
        upi_reference: 'UTR123456',
        created_at: '2026-11-21T10:00:00Z',
      },
    ],
    orders: [
      {
        order_id: 'ord_1',
        amount: 499,
        purpose: 'membership',
        status: 'confirmed',
        created_at: '2026-11-19T10:00:00Z',
      },
    ],
  })
})
afterEach(() => vi.clearAllMocks())
