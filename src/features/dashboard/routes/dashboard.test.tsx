import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { User } from '@/stores/user-store'

vi.mock('@/lib/idb-storage', () => ({
  idbStorage: () => ({
    getItem: async () => null,
    setItem: async () => undefined,
    removeItem: async () => undefined,
  }),
}))
const apiGet = vi.fn()
vi.mock('@/lib/api-client', () => ({ api: { get: (...args: unknown[]) => apiGet(...args) } }))
const refreshUser = vi.fn()
vi.mock('@/lib/get-user', () => ({ refreshUser: () => refreshUser() }))
vi.mock('@/lib/logout', () => ({ logout: vi.fn(async () => undefined) }))
const getVideos = vi.fn()
vi.mock('../api/get-videos', () => ({ getVideos: () => getVideos() }))
const claimReward = vi.fn()
vi.mock('../api/claim-reward', () => ({ claimReward: (...a: unknown[]) => claimReward(...a) }))

const { useUserStore } = await import('@/stores/user-store')
const { useOutboxStore } = await import('@/stores/outbox-store')
const { useWatchProgressStore } = await import('@/stores/watch-progress-store')
const { usePlansStore } = await import('@/stores/plans-store')
const { default: Dashboard } = await import('./dashboard')

const baseUser: User = {
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
}

const videos = [
  { id: 11, link: '/videos/sample-1.mp4', redirection_link: 'https://example.com', timer: 15 },
  { id: 12, link: '/videos/sample-2.mp4', redirection_link: 'https://example.com', timer: 20 },
]

function renderAt(path: string, user: Partial<User> = {}) {
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

describe('Dashboard', () => {
  it('shows views, the coin balance with its rupee value and the top buttons with their query', async () => {
    renderAt('/dashboard')
    expect(screen.getByTestId('views-count')).toHaveTextContent('3')
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('1,500 coins (₹15)')
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    expect(screen.getByRole('link', { name: 'Refer & Earn' })).toHaveAttribute(
      'href',
      '/referandearn?points-earned=1500&referralId=ASHA1&referralCount=2',
    )
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/deposit-fee')
    expect(screen.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet')
    expect(screen.getByText('Hello, Asha')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    await screen.findByTestId('player-timer')
  })

  it('shows the requirements popup when the balance is under ₹999', async () => {
    renderAt('/dashboard')
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    const dialog = screen.getByRole('dialog', { name: 'Withdrawal requirements' })
    expect(dialog).toHaveTextContent('You need a minimum balance of ₹999 to withdraw earnings.')
    expect(dialog).toHaveTextContent('Minimum videos watched: 25')
  })

  it('goes to the withdraw page with the balance in rupees and the referral count', async () => {
    const memory = renderAt('/dashboard', { points: 150_000 })
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    expect(memory.history.at(-1)).toBe('/amount-withdraw?balance=1500&refercount=2')
  })

  it('shows the Hindi bonus popup for 0 views and Get Started starts play', async () => {
    renderAt('/dashboard', { views: 0 })
    const dialog = screen.getByRole('dialog')
    expect(dialog).toHaveTextContent('₹100 का बोनस')
    await screen.findByTestId('player-video')
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument()
  })

  it('shows the withdrawal processing notice for 3 s and then clears the query', async () => {
    vi.useFakeTimers()
    const memory = renderAt('/dashboard?keyfrom=withdrawal')
    expect(screen.getByText(/Your withdrawal request is being processed/)).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(2900))
    expect(screen.getByText(/Your withdrawal request is being processed/)).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(200))
    expect(screen.queryByText(/Your withdrawal request is being processed/)).not.toBeInTheDocument()
    expect(memory.history.at(-1)).toBe('/dashboard')
  })

  it('shows the membership error when the plans answer is not an array', async () => {
    apiGet.mockImplementation(() => ({ json: async () => ({ nope: true }) }))
    renderAt('/dashboard')
    expect(
      await screen.findByText('Failed to fetch membership data. Please try again.'),
    ).toBeInTheDocument()
  })

  it('shows the membership error when the plans fetch fails', async () => {
    apiGet.mockImplementation(() => ({ json: async () => Promise.reject(new Error('offline')) }))
    renderAt('/dashboard')
    expect(await screen.findByText('Error fetching membership data.')).toBeInTheDocument()
  })

  it('lists the plans with their per-video reward', async () => {
    renderAt('/dashboard')
    expect(await screen.findByText(/₹499: 500 coins \(₹5\) per video/)).toBeInTheDocument()
    expect(screen.getByText(/Withdrawal in 7 days/)).toBeInTheDocument()
  })

  it('shows pending outbox items as pending', () => {
    useOutboxStore.setState({
      items: [
        {
          id: 'x',
          kind: 'reward',
          url: '',
          body: {},
          idempotencyKey: 'k',
          token: null,
          createdAt: 1,
          attempts: 1,
          nextAttemptAt: 0,
          state: 'pending',
          lastError: null,
        },
      ],
    })
    renderAt('/dashboard')
    expect(screen.getByTestId('outbox-pending')).toHaveTextContent(
      'Pending: 1 reward claim will be sent when the connection allows.',
    )
  })
})

describe('Dashboard player', () => {
  async function startPlaying() {
    vi.useFakeTimers()
    renderAt('/dashboard')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50)
    })
    const video = screen.getByTestId('player-video')
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    return video
  }

  it('counts played time only while the video really plays and the page is visible', async () => {
    const video = await startPlaying()
    act(() => vi.advanceTimersByTime(3000))
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:00 / 0:15')
    fireEvent.playing(video)
    act(() => vi.advanceTimersByTime(4000))
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:04 / 0:15')
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    act(() => vi.advanceTimersByTime(5000))
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:04 / 0:15')
    visibility.mockReturnValue('visible')
    fireEvent.pause(video)
    act(() => vi.advanceTimersByTime(5000))
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:04 / 0:15')
    expect(useWatchProgressStore.getState().seconds[11]).toBeGreaterThanOrEqual(3)
  })

  it('claims once at the timer, moves to the next video stopped, shows the coins for 3 s and refreshes the user', async () => {
    const video = await startPlaying()
    fireEvent.playing(video)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000)
    })
    expect(claimReward).toHaveBeenCalledTimes(1)
    const [id, watchedAt] = claimReward.mock.calls[0] as [number, string]
    expect(id).toBe(11)
    expect(new Date(watchedAt).toISOString()).toBe(watchedAt)
    expect(screen.getByTestId('reward-popup-coins')).toHaveTextContent('You earned 500 coins (₹5)')
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:00 / 0:20')
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000)
    })
    expect(refreshUser).toHaveBeenCalledTimes(2)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100)
    })
    expect(screen.queryByTestId('reward-popup-coins')).not.toBeInTheDocument()
    expect(claimReward).toHaveBeenCalledTimes(1)
  })

  it('says the reward is pending when the claim is queued offline', async () => {
    claimReward.mockResolvedValue({
      kind: 'queued',
      error: { status: 0, code: 'NETWORK', message: '' },
    })
    const video = await startPlaying()
    fireEvent.playing(video)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000)
    })
    expect(screen.getByTestId('reward-popup-coins')).toHaveTextContent('You earned 500 coins (₹5)')
    expect(
      screen.getByText('Pending: it will be credited when you are back online.'),
    ).toBeInTheDocument()
  })

  it('restarts the player when the list holds a single video', async () => {
    getVideos.mockResolvedValue([videos[0]])
    const video = await startPlaying()
    fireEvent.playing(video)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000)
    })
    expect(claimReward).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:00 / 0:15')
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    fireEvent.playing(screen.getByTestId('player-video'))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000)
    })
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:02 / 0:15')
  })

  it('resumes from the persisted progress of the current video', async () => {
    useWatchProgressStore.setState({ seconds: { 12: 9 }, currentId: 12 })
    useUserStore.setState({ user: baseUser })
    const memory = memoryLocation({ path: '/dashboard' })
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Dashboard />
      </Router>,
    )
    expect(await screen.findByTestId('player-timer')).toHaveTextContent('0:09 / 0:20')
  })
})

describe('Dashboard video list', () => {
  it('fetches an empty list again after 2 s, then backs off', async () => {
    vi.useFakeTimers()
    getVideos.mockResolvedValue([])
    renderAt('/dashboard')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10)
    })
    expect(getVideos).toHaveBeenCalledTimes(1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000)
    })
    expect(getVideos).toHaveBeenCalledTimes(2)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000)
    })
    expect(getVideos).toHaveBeenCalledTimes(2)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000)
    })
    expect(getVideos).toHaveBeenCalledTimes(3)
  })

  it('does not fetch while offline and fetches when the connection returns', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderAt('/dashboard')
    expect(
      await screen.findByText('You are offline. Videos load when the connection returns.'),
    ).toBeInTheDocument()
    expect(getVideos).not.toHaveBeenCalled()
    online.mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await screen.findByTestId('player-timer')
    expect(getVideos).toHaveBeenCalledTimes(1)
  })
})
