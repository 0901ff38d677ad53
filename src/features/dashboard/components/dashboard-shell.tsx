/**
 * The dashboard's first frame, drawn into its page at build time (src/prerender.tsx `renderOutline`,
 * served for /dashboard by the server and the service worker): the screen's outline in grey blocks
 * and the player's still in the player's place, so a logged-in visitor sees the screen's shape and
 * its largest picture before any JavaScript has run (LCP).
 * It holds no text (the visitor's language is not known at build time) and no figure (those come
 * from the server once the app runs); the app's first render replaces it whole (src/main.tsx).
 */
import { PLAYER_POSTER } from '@contract/screen-images'

/**
 * Static, data-free outline of src/features/dashboard/routes/dashboard.tsx's screen. `posterSrc`
 * is the player's still as the page carries it (the build passes a `data:` URL of
 * public/player/poster.webp, so it paints with the page itself, with no request of its own).
 */
export function DashboardShell({ posterSrc = PLAYER_POSTER }: { posterSrc?: string }) {
  return (
    <main className="page stack dashboard" aria-busy="true">
      <div className="shell-block shell-title" />
      <div className="balance-panel shell-card" />
      <section className="card stack">
        <div className="player-frame">
          <img
            className="player-media player-still"
            src={posterSrc}
            alt=""
            width={640}
            height={360}
          />
        </div>
        <div className="progress" />
        <div className="row player-controls-placeholder" />
      </section>
    </main>
  )
}
