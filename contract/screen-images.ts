/**
 * Images a screen draws in its first render, which the server names in the route's
 * `Link: rel=preload` header (vite.config.ts writes them into route-chunks.json beside the screen's
 * code), so the image travels with the page instead of after the app has rendered (LCP). Paths are
 * under `public/`, served as they are.
 */

/** The dashboard player's still (public/player/poster.webp, drawn from poster.svg), 640×360. */
export const PLAYER_POSTER = '/player/poster.webp'

/**
 * Route path → images of its first render. The dashboard's still is not here: its page carries
 * it (scripts/build/route-shells.ts).
 */
export const SCREEN_IMAGES: Readonly<Record<string, readonly string[]>> = {}
