/**
 * Images a screen draws in its first render. Paths are under `public/`, served as they are.
 */

/** The dashboard player's still (public/player/poster.webp, drawn from poster.svg), 640×360. */
export const PLAYER_POSTER = '/player/poster.webp'
