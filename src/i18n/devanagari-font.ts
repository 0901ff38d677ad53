/**
 * The Devanagari web font for the screens the app draws itself. Its stylesheet face
 * (./devanagari.css) is `font-display: optional`: a page the server rendered is painted in the
 * font when the font is there by its first paint (installed, cached, or its preload in time), else
 * in the phone's own Devanagari font for that page's life, and its text never moves (CLS). The
 * app draws later screens (the app shell's first render, a route change, a language switch) in
 * the web font whatever happened on that first paint: it adds the same font as a second face,
 * `swap`, which wins over the stylesheet's (a later face of the same family and range), and loads
 * it. docs/benchmarks.md has what each font-display measured.
 */
import fontUrl from './fonts/noto-sans-devanagari-devanagari-400-normal.woff2?url'

/** The face's family and characters, as in ./devanagari.css. */
const FAMILY = 'Noto Sans Devanagari'
const UNICODE_RANGE = 'U+0900-097F, U+200C-200D, U+25CC'

let loading: Promise<void> | null = null

/**
 * Adds the app's `swap` face of the Devanagari font (once) and resolves once it is loaded, or has
 * failed (offline and not cached: the phone's font shows). Browsers without the CSS Font Loading
 * API resolve at once.
 */
export function loadDevanagariForApp(): Promise<void> {
  if (typeof FontFace !== 'function' || typeof document === 'undefined' || !document.fonts) {
    return Promise.resolve()
  }
  loading ??= (() => {
    const face = new FontFace(
      FAMILY,
      `local('Noto Sans Devanagari'), local('NotoSansDevanagari-Regular'), url(${fontUrl}) format('woff2')`,
      { style: 'normal', weight: '400', display: 'swap', unicodeRange: UNICODE_RANGE },
    )
    document.fonts.add(face)
    return face.load().then(
      () => undefined,
      () => undefined,
    )
  })()
  return loading
}
