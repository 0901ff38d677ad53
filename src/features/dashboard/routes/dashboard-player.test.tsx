import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  refreshUser,
  getVideos,
  claimReward,
  useWatchProgressStore,
  useUserStore,
  videos,
  renderAt,
} from './dashboard.test-helpers'

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
    act(() => void vi.advanceTimersByTime(3000))
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:00 / 0:15')
    fireEvent.playing(video)
    act(() => void vi.advanceTimersByTime(4000))
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:04 / 0:15')
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    act(() => void vi.advanceTimersByTime(5000))
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:04 / 0:15')
    visibility.mockReturnValue('visible')
    fireEvent.pause(video)
    act(() => void vi.advanceTimersByTime(5000))
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:04 / 0:15')
    expect(useWatchProgressStore.getState().seconds[11]).toBeGreaterThanOrEqual(3)
  })

  it("claims once at the timer, moves to the next video stopped, shows the coins for 3 s and takes the claim's new balance", async () => {
    const video = await startPlaying()
    fireEvent.playing(video)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000)
    })
    expect(claimReward).toHaveBeenCalledTimes(1)
    const [id, watchedAt] = claimReward.mock.calls[0] as [number, string]
    expect(id).toBe(11)
    expect(new Date(watchedAt).toISOString()).toBe(watchedAt)
    expect(screen.getByTestId('reward-popup-coins')).toHaveTextContent('+500 coins (₹5)')
    expect(screen.getByTestId('player-timer')).toHaveTextContent('0:00 / 0:20')
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument()
    // The claim's answer carries the new balance, put into the user at once: the popup shows the
    // very figure the card shows, and the user is not fetched a second time.
    expect(useUserStore.getState().user).toMatchObject({ points: 2000, views: 4 })
    expect(screen.getByTestId('reward-popup-balance')).toHaveTextContent('2,000 coins (₹20)')
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('2,000 coins (₹20)')
    expect(refreshUser).toHaveBeenCalledTimes(1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3100)
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
    expect(screen.getByTestId('reward-popup-coins')).toHaveTextContent('+500 coins (₹5)')
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
    renderAt('/dashboard')
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
    // In the player's place, calm: no spinner, nothing busy (the app's banner says offline).
    const note = await screen.findByText('Videos load when the connection returns.')
    expect(note.closest('[aria-busy]')).toBeNull()
    expect(getVideos).not.toHaveBeenCalled()
    online.mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await screen.findByTestId('player-timer')
    expect(getVideos).toHaveBeenCalledTimes(1)
  })
})
