/**
 * YouTube links for the lightweight player facade: the video id, the thumbnail on i.ytimg.com,
 * the privacy-enhanced embed (loaded only after a tap; CSP allows youtube-nocookie frames), and
 * the iframe's postMessage protocol (no third-party script: CSP forbids it).
 */

export const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com'

/** The 11-character id of a YouTube watch, short, embed or shorts link; null otherwise. */
export function youtubeId(link: string): string | null {
  const match =
    /^https?:\/\/(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)([\w-]{11})/.exec(
      link,
    ) ?? /^https?:\/\/youtu\.be\/([\w-]{11})/.exec(link)
  return match?.[1] ?? null
}

export const youtubeThumbnail = (id: string): string => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`

/** The embed address: JS API on (for play state), autoplay after the tap, inline on phones. */
export function youtubeEmbedUrl(id: string, origin: string): string {
  const params = new URLSearchParams({
    enablejsapi: '1',
    autoplay: '1',
    playsinline: '1',
    rel: '0',
    origin,
  })
  return `${YOUTUBE_ORIGIN}/embed/${id}?${params.toString()}`
}

/** A command message for the embed's iframe API, e.g. 'playVideo' or 'pauseVideo'. */
export const youtubeCommand = (func: string, args: unknown[] = []): string =>
  JSON.stringify({ event: 'command', func, args, id: 1, channel: 'widget' })

/** The message that asks the embed to report its state. */
export const youtubeListening = (): string =>
  JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })

/**
 * The player state carried by a message from the embed (1 playing, 2 paused, 0 ended, 3
 * buffering, -1 unstarted); null when the message carries none.
 */
export function youtubePlayerState(data: unknown): number | null {
  if (typeof data !== 'string') return null
  try {
    const message = JSON.parse(data) as { event?: string; info?: unknown }
    if (message.event === 'onStateChange' && typeof message.info === 'number') return message.info
    const info = message.info as { playerState?: unknown } | null | undefined
    if (
      (message.event === 'infoDelivery' || message.event === 'initialDelivery') &&
      typeof info?.playerState === 'number'
    ) {
      return info.playerState
    }
  } catch {
    return null
  }
  return null
}
