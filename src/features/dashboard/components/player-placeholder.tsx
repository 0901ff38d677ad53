/**
 * The player's place while the video list loads (docs/product.md#flows): the same card, 16:9 frame, progress
 * track and controls row as the player, so the player arriving shifts nothing below it (Lighthouse
 * CLS budget). The frame already shows the player's still (the video's poster), which the
 * dashboard's page fetches alongside its code (contract/screen-images.ts), with the loading text in
 * a strip across its top: on a slow network the screen's largest picture is there from the first
 * render on, not only once the video list has arrived (LCP).
 */
import { PageSpinner } from '@/components/page-spinner'
import { PLAYER_POSTER } from '@contract/screen-images'
import { t } from '@/i18n/i18n'

/**
 * `label` is the status text shown in the frame ('Loading videos…' or 'Waiting for videos…');
 * `loading` false (offline: nothing is on its way) shows it without the spinner and not busy.
 */
export function PlayerPlaceholder({ label, loading = true }: { label: string; loading?: boolean }) {
  return (
    <section
      className="card stack"
      aria-label={t('Video player')}
      aria-busy={loading ? 'true' : undefined}
    >
      <div className="player-frame player-frame-loading">
        <img
          className="player-media player-still"
          src={PLAYER_POSTER}
          alt=""
          width={640}
          height={360}
          fetchPriority="high"
        />
        {loading ? (
          <PageSpinner label={label} />
        ) : (
          <p className="player-offline-note" role="status">
            {label}
          </p>
        )}
      </div>
      <div className="progress" aria-hidden="true" />
      <div className="row player-controls player-controls-placeholder" aria-hidden="true" />
    </section>
  )
}
