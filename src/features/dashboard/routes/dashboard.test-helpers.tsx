/**
 * Shared setup of the dashboard's component tests: the mocked API calls and storage (registered
 * with `vi.doMock` before the screen is imported), a user, two videos, and `renderAt`.
 */
import { render } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { User } from '@/stores/user-store'

export const apiGet = vi.fn()
export const refreshUser = vi.fn()
export const getVideos = vi.fn()
export const claimReward = vi.fn()

vi.doMock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
vi.doMock('@/lib/api-client', () => ({ api: { get: (...args: unknown[]) => apiGet(...args) } }))
vi.doMock('@/stores/get-user', () => ({ refreshUser: () => refreshUser() }))
vi.doMock('@/stores/logout', () => ({ logout: vi.fn(async () => undefined) }))
vi.doMock('../api/get-videos', () => ({ getVideos: () => getVideos() }))
vi.doMock('../api/claim-reward', () => ({
  claimReward: (...a: unknown[]) => claimReward(...a),
}))

export const { useUserStore } = await import('@/stores/user-store')
export const { useOutboxStore } = await import('@/lib/outbox/outbox-store')
export const { useWatchProgressStore } = await import('@/stores/watch-progress-store')
export const { usePlansStore } = await import('@/stores/plans-store')
const { default: Dashboard } = await import('./dashboard')

export const baseUser: User = {
  first_name: 'Asha',
  email: 'asha@example.com',
  phone_number: '9876543210',
  points: 1500,
  views: 3,
  referral_id: 'ASHA1',
  referral_count: 2,
  membership__video_point: 500,
  is_faulty: false,
  platform_fee_paid: false,
  email_verified: true,
}

export const videos = [
  { id: 11, link: '/videos/sample-1.mp4', redirection_link: 'https://example.com', timer: 15 },
  { id: 12, link: '/videos/sample-2.mp4', redirection_link: 'https://example.com', timer: 20 },
]

/** Renders the dashboard at `path` for `baseUser` with `user`'s fields on top. */
export function renderAt(path: string, user: Partial<User> = {}) {
  useUserStore.setState({ user: { ...baseUser, ...user } })
  const memory = memoryLocation({ path, record: true })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Dashboard />
    </Router>,
  )
  return memory
}

beforeEach(() => {
  apiGet.mockImplementation((url: string) => ({
    json: async () =>
      url === 'get-membership/'
        ? [
            {
              id: 1,
              membership_type: 'Gold',
              video_point: 500,
              deposit_point: '499',
              withdrawl_days: 7,
            },
          ]
        : {},
  }))
  refreshUser.mockResolvedValue(baseUser)
  getVideos.mockResolvedValue(videos)
  claimReward.mockResolvedValue({
    kind: 'done',
    body: { data: { message: 'Reward credited.', coins: 500, points: 2000, views: 4 } },
  })
  HTMLMediaElement.prototype.play = vi.fn(() => Promise.resolve())
  HTMLMediaElement.prototype.pause = vi.fn()
  useOutboxStore.setState({ items: [] })
  useWatchProgressStore.setState({ seconds: {}, currentId: null })
  usePlansStore.setState({ plans: null, error: null })
})
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})
