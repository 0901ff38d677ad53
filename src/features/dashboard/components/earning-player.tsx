/**
 * The earning loop on the dashboard (docs/product.md#flows): the current video with its persisted progress; when
 * played time reaches the timer the claim goes into the outbox (sent once), the player moves to the
 * next video and stops, the congratulations popup shows the coins and the new balance for 3 s
 * (its Next video starts the next one), and the balance takes the claim's answer as it arrives (no
 * second request), so the popup and the card show one figure.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react'
import { notify } from '@/lib/notify'
import { useWatchProgressStore } from '@/stores/watch-progress-store'
import { claimReward } from '../api/claim-reward'
import { applyReward, describeRewardError } from '../lib/reward-claims'
import type { DashboardVideo } from '../api/get-videos'
import { RewardPopup } from './dashboard-popups'
import { VideoPlayer } from './video-player'
import { apiErrorText } from '@/lib/api-error-text'

/** docs/product.md#rules: the reward popup shows for 3 s. */
export const REWARD_POPUP_MS = 3_000

/** Memoised: the user's refresh re-renders the dashboard, not the player (TBT). */
export const EarningPlayer = memo(function EarningPlayer(props: {
  videos: DashboardVideo[]
  expectedCoins: number
  wantPlay: boolean
  onWantPlayChange(play: boolean): void
}) {
  const { videos, expectedCoins, wantPlay, onWantPlayChange } = props
  const currentId = useWatchProgressStore((s) => s.currentId)
  const seconds = useWatchProgressStore((s) => s.seconds)
  const [reward, setReward] = useState<{
    coins: number
    credited: boolean
    pending: boolean
  } | null>(null)
  // Bumped on each completion so the player restarts even when the next video is the same one.
  const [round, setRound] = useState(0)
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])
  useEffect(() => () => timers.current.forEach(clearTimeout), [])

  const index = Math.max(
    0,
    videos.findIndex((v) => v.id === currentId),
  )
  const video = videos[index] ?? videos[0]
  const saved = video ? (seconds[video.id] ?? 0) : 0
  const initialSeconds = video && saved < video.timer ? saved : 0

  const onProgress = useCallback(
    (s: number) => {
      if (video) useWatchProgressStore.getState().setSeconds(video.id, s)
    },
    [video],
  )

  const onComplete = useCallback(
    async (watchedAt: string) => {
      if (!video) return
      const progress = useWatchProgressStore.getState()
      onWantPlayChange(false)
      // The watch clock completes only once the video has played visibly for its whole timer.
      const claim = claimReward(video.id, watchedAt, video.timer * 1000)
      const next = videos[(index + 1) % videos.length]
      progress.clear(video.id)
      progress.setCurrent(next?.id ?? null)
      setRound((r) => r + 1)
      const result = await claim
      if (result.kind === 'final') {
        notify.error(describeRewardError(apiErrorText(result.error)))
        return
      }
      const data = result.kind === 'done' ? result.body?.data : undefined
      // The answer's new balance goes into the user at once, before the popup shows it: the popup
      // and the dashboard's card read that one figure, so they never differ (docs/product.md#units).
      // A queued claim's arrives with the outbox's toast.
      if (data) applyReward(data)
      setReward({
        coins: data?.coins ?? expectedCoins,
        credited: data !== undefined,
        pending: result.kind === 'queued',
      })
      timers.current.push(setTimeout(() => setReward(null), REWARD_POPUP_MS))
    },
    [video, videos, index, expectedCoins, onWantPlayChange],
  )

  if (!video) return null
  return (
    <>
      <VideoPlayer
        key={`${video.id}-${round}`}
        video={video}
        wantPlay={wantPlay}
        onWantPlayChange={onWantPlayChange}
        initialSeconds={initialSeconds}
        onProgress={onProgress}
        onComplete={(at) => void onComplete(at)}
      />
      {reward ? (
        <RewardPopup
          coins={reward.coins}
          credited={reward.credited}
          pending={reward.pending}
          onNext={() => {
            setReward(null)
            onWantPlayChange(true)
          }}
          onClose={() => setReward(null)}
        />
      ) : null}
    </>
  )
})
