/**
 * The colour theme: System (follows `prefers-color-scheme`, the default), Light or Dark, chosen on
 * the profile and kept in localStorage, so it holds offline and across a logout (src/lib/logout.ts
 * keeps it). A pinned choice sets `data-theme` on <html>, which the tokens' `color-scheme` follows
 * (src/styles/tokens.css), and with it every light-dark() colour; the `theme-color` meta tags
 * follow too. No React here: the entry script (src/boot.ts) applies the stored choice before the
 * app loads.
 */

export type ThemeChoice = 'system' | 'light' | 'dark'

/** The localStorage key of the choice. */
export const THEME_KEY = 'theme'

/** The browser bar colour of each mode (index.html's two `theme-color` meta tags say the same). */
export const THEME_COLORS = { light: '#4f2bd8', dark: '#121218' } as const

const listeners = new Set<() => void>()

/** The stored choice; 'system' when none is stored, it is unreadable or storage is blocked. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_KEY)
    return stored === 'light' || stored === 'dark' ? stored : 'system'
  } catch {
    return 'system'
  }
}

/**
 * Applies a choice to the document: `data-theme` (absent for 'system') and the `theme-color` meta
 * tags (each keeps its `media` query; a pinned choice gives both the chosen mode's colour).
 */
export function applyTheme(choice: ThemeChoice, doc: Document = document): void {
  const root = doc.documentElement
  if (choice === 'system') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', choice)
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const mode = meta.media.includes('dark') ? 'dark' : 'light'
    meta.content = THEME_COLORS[choice === 'system' ? mode : choice]
  }
}

/** Stores and applies a choice, and tells the subscribed switches. Storage failures are ignored. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY)
    else localStorage.setItem(THEME_KEY, choice)
  } catch {
    // Private mode or storage full: the choice holds for this page only.
  }
  applyTheme(choice)
  listeners.forEach((listener) => listener())
}

/** Calls `listener` after each `setThemeChoice`; returns the unsubscribe function. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
