/**
 * A signed-in screen's last frame, as the entry script (src/boot.ts) finds it: the service worker
 * answers a returning user's signed-in route with its app shell holding the HTML the app last drew
 * there (sw/sw.ts, contract/page-html.ts `fillLastFrame`), so the first paint is the saved copy as
 * the screen last showed it, labelled with its time ("Saved at …"), before any JavaScript runs;
 * the app's first render then replaces it with the same saved copy drawn from the persisted
 * stores, and the fresh one follows (docs/product.md#budgets). Imported by the entry script: kept
 * tiny.
 */
import { LAST_FRAMES_CACHE, sessionMark } from '@contract/page-html'

/**
 * Whether `root` holds a last frame of the session of `token` in language `lang`. A frame of
 * another session or language (the frames were not forgotten in time) is taken off the page.
 */
export function checkLastFrame(root: HTMLElement, token: string | null, lang: string): boolean {
  if (!root.hasAttribute('data-last-frame')) return false
  const session = root.getAttribute('data-session')
  if (token && session === sessionMark(token) && root.getAttribute('data-lang') === lang) {
    return true
  }
  root.replaceChildren()
  root.removeAttribute('data-last-frame')
  return false
}

/**
 * Forgets every last frame (as a session starts or ends: a frame never outlives its session).
 * Resolves when they are gone; never rejects.
 */
export function forgetLastFrames(): Promise<void> {
  if (typeof caches === 'undefined') return Promise.resolve()
  return caches.delete(LAST_FRAMES_CACHE).then(
    () => undefined,
    () => undefined,
  )
}
