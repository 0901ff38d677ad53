/**
 * The player's place while the video list loads (SPEC §4): the same card, 16:9 frame, progress
 * track and controls row as the player, with the loading text in the frame, so the player
 * arriving shifts nothing below it (Lighthouse CLS budget, issue 5).
 */
import { PageSpinner } from '@/components/page-spinner'

/** `label` is the status text shown in the frame ('Loading videos…' or 'Waiting for videos…'). */
export function PlayerPlaceholder({ label }: { label: string }) {
  return (
    <section className="card stack" aria-label="Video player" aria-busy="true">
      <div className="player-frame player-frame-loading">
        <PageSpinner label={label} />
      </div>
      <div className="progress" aria-hidden="true" />
      <div className="row player-controls player-controls-placeholder" aria-hidden="true" />
    </section>
  )
}
