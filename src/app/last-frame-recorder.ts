/**
 * Keeps a signed-in screen's last frame (src/lib/last-frame.ts) up to date: whenever the screen
 * has been still for a moment, its HTML is saved for this route, this
 * session and this language, in Cache Storage, where the service worker finds it. Only a complete
 * screen at rest is kept: none while a placeholder or spinner shows or a video plays, and never
 * its dialogs, alerts or offline notice; its "Updated just now" lines are written as the time they
 * were fetched ("Saved at 28 Nov, 09:41"), which stays true however late the frame is shown
 * (docs/product.md#budgets).
 */
import { findRoute } from '@contract/routes'
import { getAccessToken } from '@/lib/session'
import { LAST_FRAMES_CACHE, lastFrameKey, sessionMark, type LastFrame } from '@contract/page-html'
import { formatSavedDate } from '@/components/saved-copy-label'
import { t } from '@/i18n/i18n'

/** How long the screen must be still before its frame is saved (ms). */
const QUIET_MS = 300

/** What belongs to a moment, not to the screen: dialogs, alerts (an error), the offline notice. */
const MOMENTARY = 'dialog, [role="alert"], .offline-notice'

/** What marks an incomplete screen: its placeholders or the page spinner. */
const INCOMPLETE = '.skel, .page-spinner, [data-testid="skeleton"]'

/** Whether a video or audio in `root` is playing: its controls and timer belong to that moment. */
function mediaPlaying(root: HTMLElement): boolean {
  return [...root.querySelectorAll('video, audio')].some(
    (media) => media instanceof HTMLMediaElement && !media.paused && !media.ended,
  )
}

/**
 * The frame to keep of `root` (its inner HTML), or null when the screen is not complete or a video
 * plays (its frame would show Pause and a running timer, not the screen the app opens on). Dialogs
 * (closed ones are in the DOM too), alerts and the offline notice are left out; each saved-copy
 * line (`data-saved-at`, ms since the epoch) says the date and time its data was fetched.
 */
export function frameOf(root: HTMLElement): string | null {
  const incomplete = root.hasAttribute('data-last-frame') || root.querySelector(INCOMPLETE)
  if (incomplete || mediaPlaying(root)) return null
  const copy = root.cloneNode(true) as HTMLElement
  for (const moment of copy.querySelectorAll(MOMENTARY)) moment.remove()
  for (const line of copy.querySelectorAll<HTMLElement>('[data-saved-at]')) {
    const savedAt = Number(line.dataset.savedAt)
    if (Number.isFinite(savedAt)) {
      line.textContent = t('Saved at {time}', { time: formatSavedDate(savedAt) })
    }
  }
  return copy.innerHTML
}

/**
 * Saves `root`'s frame for the current route in Cache Storage, where the service worker finds it
 * (sw/sw.ts), when it is a signed-in route and the visitor is logged in. Resolves to whether a
 * frame was saved; never rejects (no Cache Storage, a full disk: the screen opens as before).
 */
export async function saveLastFrame(root: HTMLElement): Promise<boolean> {
  const token = getAccessToken()
  if (!token || typeof caches === 'undefined') return false
  if (findRoute(window.location.pathname)?.access !== 'auth') return false
  const html = frameOf(root)
  if (html === null) return false
  const frame: LastFrame = { html, session: sessionMark(token) }
  const locale = document.documentElement.lang === 'hi' ? 'hi' : 'en'
  const key = lastFrameKey(locale, window.location.pathname + window.location.search)
  const body = JSON.stringify(frame)
  // The same frame is not written again (a label's timer re-renders it unchanged).
  if (saved.get(key) === body) return true
  try {
    const cache = await caches.open(LAST_FRAMES_CACHE)
    await cache.put(key, new Response(body))
    saved.set(key, body)
    return true
  } catch {
    return false
  }
}

/** Whether recordLastFrames has started on this page. */
let recording = false

/** What this page last wrote under each key (saveLastFrame). */
const saved = new Map<string, string>()

/**
 * Saves `root`'s frame (saveLastFrame) each time the screen has been still for QUIET_MS after a
 * change, unless the access token changed since the screen was last drawn (its data is another
 * session's). Not as the page is left: that write would race the worker reading the frame for the
 * next page (a reload), which then finds none.
 * Called as each signed-in screen mounts (./route-guard.tsx); starts once per page.
 */
export function recordLastFrames(): void {
  const root = document.getElementById('root')
  if (recording || !root) return
  recording = true
  let timer: ReturnType<typeof setTimeout> | undefined
  // The session the screen was last drawn in: a frame is never kept under a token set since.
  let drawnIn = getAccessToken()
  const save = () => {
    clearTimeout(timer)
    if (getAccessToken() === drawnIn) void saveLastFrame(root)
  }
  new MutationObserver(() => {
    drawnIn = getAccessToken()
    clearTimeout(timer)
    timer = setTimeout(save, QUIET_MS)
  }).observe(root, { childList: true, subtree: true, characterData: true, attributes: true })
  timer = setTimeout(save, QUIET_MS)
}
