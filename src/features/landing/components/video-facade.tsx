/**
 * The landing page's sample video as a facade (docs/product.md#what-it-is): a poster at a fixed 16:9 box with a
 * skeleton until the poster has loaded, and a play button. Only a tap loads a player, so the page
 * stays fast: the app's own file when the server has it, else YouTube's privacy-enhanced embed.
 * The skeleton stays until the player reports it is ready.
 */
import { useLayoutEffect, useRef, useState } from 'react'
import { t } from '@/i18n/i18n'

/** The app's own sample video (served from public/videos/ when present). */
export const LOCAL_SAMPLE_VIDEO = '/videos/sample-1.mp4'
/** The YouTube video used when the local file is absent (CSP allows youtube-nocookie frames only). */
export const SAMPLE_YOUTUBE_ID = 'aqz-KE-bpKQ'
const POSTER = '/landing/video-poster.webp'

type Player = { kind: 'none' } | { kind: 'checking' } | { kind: 'file' } | { kind: 'youtube' }

/** Whether the server answers the local sample file with a video (a HEAD request, no body). */
async function hasLocalVideo(): Promise<boolean> {
  try {
    const response = await fetch(LOCAL_SAMPLE_VIDEO, { method: 'HEAD' })
    return response.ok && (response.headers.get('content-type') ?? '').startsWith('video/')
  } catch {
    return false
  }
}

export function VideoFacade() {
  const [posterReady, setPosterReady] = useState(false)
  const poster = useRef<HTMLImageElement>(null)
  // The app takes over the static first paint's <img>, which may have loaded before the app
  // arrived: its load event is then long gone, so ask the element itself.
  useLayoutEffect(() => {
    if (poster.current?.complete && poster.current.naturalWidth > 0) setPosterReady(true)
  }, [])
  const [player, setPlayer] = useState<Player>({ kind: 'none' })
  const [playerReady, setPlayerReady] = useState(false)

  async function play() {
    setPlayer({ kind: 'checking' })
    setPlayer({ kind: (await hasLocalVideo()) ? 'file' : 'youtube' })
  }

  const showSkeleton = player.kind === 'none' ? !posterReady : !playerReady
  return (
    <div className="video-facade" data-testid="video-facade">
      {player.kind === 'none' || player.kind === 'checking' ? (
        <>
          <img
            ref={poster}
            src={POSTER}
            alt={t('Sample video')}
            width={640}
            height={360}
            decoding="async"
            // The landing's largest paint: fetched before the scripts that compete with it.
            fetchPriority="high"
            onLoad={() => setPosterReady(true)}
          />
          {/* The poster's words, as text in the page's language. */}
          <p className="video-caption">{t('Watch, earn coins, withdraw by UPI')}</p>
        </>
      ) : null}
      {player.kind === 'file' ? (
        <video
          src={LOCAL_SAMPLE_VIDEO}
          poster={POSTER}
          controls
          autoPlay
          playsInline
          width={640}
          height={360}
          aria-label={t('Sample video')}
          onLoadedData={() => setPlayerReady(true)}
          onError={() => setPlayer({ kind: 'youtube' })}
        />
      ) : null}
      {player.kind === 'youtube' ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${SAMPLE_YOUTUBE_ID}?autoplay=1&rel=0&playsinline=1`}
          title={t('Sample video')}
          width={640}
          height={360}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          onLoad={() => setPlayerReady(true)}
        />
      ) : null}
      {showSkeleton ? (
        <div className="skeleton" data-testid="video-skeleton" aria-hidden="true" />
      ) : null}
      {player.kind === 'none' ? (
        <button
          type="button"
          className="play-button"
          aria-label={t('Play the sample video')}
          onClick={() => void play()}
        >
          <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </button>
      ) : null}
    </div>
  )
}
