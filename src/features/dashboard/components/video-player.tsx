/**
 * The dashboard player (docs/product.md#screens, #flows): a YouTube link plays through a lightweight facade (thumbnail
 * and a button; the youtube-nocookie iframe with the JS API only after the tap), a direct file
 * through <video>. Below it: the progress bar, the m:ss timer and the play/pause button. Played
 * time counts only while the media really plays and the page is visible.
 */
import { useEffect, useRef, useState } from 'react'
import { formatTimer } from '@contract/rules'
import { useWatchClock } from '../lib/use-watch-clock'
import {
  YOUTUBE_ORIGIN,
  youtubeCommand,
  youtubeEmbedUrl,
  youtubeId,
  youtubeListening,
  youtubePlayerState,
  youtubeThumbnail,
} from '../lib/youtube'
import type { DashboardVideo } from '../api/get-videos'
import { PLAYER_POSTER } from '@contract/screen-images'
import { t } from '@/i18n/i18n'

export interface VideoPlayerProps {
  video: DashboardVideo
  /** Whether the user wants it playing (the play/pause button, the bonus popup's Get Started). */
  wantPlay: boolean
  onWantPlayChange(play: boolean): void
  initialSeconds: number
  onProgress(seconds: number): void
  /** Called once when played time reaches `video.timer`, with the ISO moment. */
  onComplete(watchedAt: string): void
}

function YouTubeFrame({
  id,
  wantPlay,
  onPlaying,
}: {
  id: string
  wantPlay: boolean
  onPlaying(p: boolean): void
}) {
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== YOUTUBE_ORIGIN || event.source !== frame.current?.contentWindow) return
      const state = youtubePlayerState(event.data)
      if (state !== null) onPlaying(state === 1)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [onPlaying])
  useEffect(() => {
    frame.current?.contentWindow?.postMessage(
      youtubeCommand(wantPlay ? 'playVideo' : 'pauseVideo'),
      YOUTUBE_ORIGIN,
    )
  }, [wantPlay])
  return (
    <iframe
      ref={frame}
      className="player-media"
      title={t('Video')}
      src={youtubeEmbedUrl(id, window.location.origin)}
      allow="autoplay; encrypted-media; picture-in-picture"
      onLoad={() => {
        const win = frame.current?.contentWindow
        win?.postMessage(youtubeListening(), YOUTUBE_ORIGIN)
        win?.postMessage(youtubeCommand('addEventListener', ['onStateChange']), YOUTUBE_ORIGIN)
      }}
    />
  )
}

function FileVideo({
  src,
  wantPlay,
  onWantPlayChange,
  onPlaying,
}: {
  src: string
  wantPlay: boolean
  onWantPlayChange(p: boolean): void
  onPlaying(p: boolean): void
}) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const media = ref.current
    if (!media) return
    if (wantPlay) {
      const started = media.play() as Promise<void> | undefined
      started?.catch?.(() => onWantPlayChange(false))
    } else media.pause()
  }, [wantPlay, onWantPlayChange])
  return (
    <video
      ref={ref}
      className="player-media"
      src={src}
      playsInline
      loop
      // A light still until Play: the screen paints without waiting for the video file, and a phone
      // on mobile data fetches nothing of the video before the user starts it (the timer needs no
      // metadata), nor competes with the screen's first paint (LCP).
      poster={PLAYER_POSTER}
      preload="none"
      aria-label={t('Video')}
      data-testid="player-video"
      onPlaying={() => onPlaying(true)}
      onPause={() => onPlaying(false)}
      onWaiting={() => onPlaying(false)}
      onStalled={() => onPlaying(false)}
      onEnded={() => onPlaying(false)}
    />
  )
}

export function VideoPlayer(props: VideoPlayerProps) {
  const { video, wantPlay, onWantPlayChange } = props
  const ytId = youtubeId(video.link)
  const [tapped, setTapped] = useState(false)
  const [playing, setPlaying] = useState(false)
  // The still (the poster) shows until the video first plays; its words are text over it.
  const [started, setStarted] = useState(false)
  const seconds = useWatchClock({
    active: playing && wantPlay,
    initialSeconds: props.initialSeconds,
    target: video.timer,
    onProgress: props.onProgress,
    onComplete: props.onComplete,
  })
  const showFrame = ytId !== null && (tapped || wantPlay)
  const percent = Math.min(100, (seconds / video.timer) * 100)

  return (
    <section className="card stack" aria-label={t('Video player')}>
      <div className="player-frame">
        {ytId === null ? (
          <>
            <FileVideo
              src={video.link}
              wantPlay={wantPlay}
              onWantPlayChange={onWantPlayChange}
              onPlaying={(now) => {
                setPlaying(now)
                if (now) setStarted(true)
              }}
            />
            {started ? null : <p className="player-caption">{t('Press Play to watch and earn')}</p>}
          </>
        ) : showFrame ? (
          <YouTubeFrame id={ytId} wantPlay={wantPlay} onPlaying={setPlaying} />
        ) : (
          <button
            type="button"
            className="player-facade"
            aria-label={t('Play video')}
            onClick={() => {
              setTapped(true)
              onWantPlayChange(true)
            }}
          >
            <img src={youtubeThumbnail(ytId)} alt="" width={480} height={360} />
            <span className="player-facade-icon" aria-hidden="true">
              ▶
            </span>
          </button>
        )}
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('Watched')}
        aria-valuemin={0}
        aria-valuemax={video.timer}
        aria-valuenow={Math.floor(seconds)}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="row player-controls">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            if (ytId) setTapped(true)
            onWantPlayChange(!wantPlay)
          }}
        >
          {wantPlay ? t('Pause') : t('Play')}
        </button>
        <span className="player-timer" data-testid="player-timer" aria-live="off">
          {formatTimer(seconds)} / {formatTimer(video.timer)}
        </span>
      </div>
    </section>
  )
}
