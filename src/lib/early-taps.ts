/**
 * Taps on a rendered page (src/entry-server.tsx) before React has taken it over. The landing paints from HTML and
 * fetches the app only once the browser is idle, so on a slow phone its buttons (Play the sample
 * video, the language switch) are drawn seconds before any code listens to them. A tap on one then
 * is held: it starts the app at once, and once React has taken the page over (`hydrateRoot` called,
 * src/main.tsx) it is given again, so it is answered instead of lost.
 * Links need none of this (they work without JavaScript), and forms stay `inert` until then.
 */

let held: { button: HTMLElement; focused: boolean } | null = null
/** The button inside the root that last had the keyboard focus before the app took over. */
let focusedButton: HTMLElement | null = null
let stop: (() => void) | null = null

/** How long a tap on a first frame's button waits for its counterpart in the app's screen (ms). */
const COUNTERPART_WAIT_MS = 5000

/**
 * Holds the first tap on a button inside `root` until `releaseEarlyTap()`, and calls `onTap`
 * (start the app now) on it; notes which of its buttons has the focus. Imported by the entry
 * script only, before the app exists.
 */
export function holdEarlyTaps(root: HTMLElement, onTap: () => void): void {
  const listener = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (!button || !root.contains(button)) return
    // The app is not here to answer: keep the page as it is and answer once it is.
    event.preventDefault()
    event.stopPropagation()
    held ??= { button, focused: document.activeElement === button }
    onTap()
  }
  const onFocus = (event: FocusEvent) => {
    focusedButton = event.target instanceof HTMLButtonElement ? event.target : null
  }
  root.addEventListener('click', listener, true)
  root.addEventListener('focusin', onFocus)
  stop = () => {
    root.removeEventListener('click', listener, true)
    root.removeEventListener('focusin', onFocus)
  }
}

/**
 * Stops holding taps and gives the held one, if any, to its button again. Call it right after
 * `hydrateRoot`: React listens from then on, hydrates the tapped part at once and answers the
 * tap. On a page the app draws anew (a page in the other language: call it as the screen
 * commits, src/app/route-guard.tsx) the tapped button is gone, and the tap goes to its
 * counterpart in the app's screen, the enabled button with the same `aria-label` (or, without
 * one, the same text), focused first when the held one had the focus (a key press), as soon as
 * the screen draws it (within COUNTERPART_WAIT_MS). Without a tap, the focus a keyboard user had
 * put on a button that is gone moves to its counterpart the same way, instead of falling to the
 * page. A button without a counterpart (another language, a visitor being redirected) loses its
 * tap.
 */
export function releaseEarlyTap(root: HTMLElement | null = document.getElementById('root')): void {
  stop?.()
  stop = null
  const tap = held
  const focus = focusedButton
  held = null
  focusedButton = null
  if (tap?.button.isConnected) {
    tap.button.click()
    return
  }
  if (tap) {
    giveToCounterpart(tap.button, root, (twin) => {
      if (tap.focused) twin.focus()
      twin.click()
    })
  } else if (
    focus &&
    !focus.isConnected &&
    (document.activeElement ?? document.body) === document.body
  ) {
    giveToCounterpart(focus, root, (twin) => twin.focus())
  }
}

/**
 * Calls `act` with `button`'s counterpart in `root` (see `counterpart`) now, or once the screen
 * draws it (within COUNTERPART_WAIT_MS), or never.
 */
function giveToCounterpart(
  button: HTMLElement,
  root: HTMLElement | null,
  act: (twin: HTMLButtonElement) => void,
): void {
  if (!root) return
  const answer = (): boolean => {
    const twin = counterpart(button, root)
    if (twin) act(twin)
    return twin !== null
  }
  if (answer()) return
  const observer = new MutationObserver(() => {
    if (answer()) done()
  })
  const timer = setTimeout(() => done(), COUNTERPART_WAIT_MS)
  const done = () => {
    observer.disconnect()
    clearTimeout(timer)
  }
  observer.observe(root, { childList: true, subtree: true, attributes: true })
}

/** The enabled button in `root` that stands for `button` (same aria-label, else same text). */
function counterpart(button: HTMLElement, root: HTMLElement): HTMLButtonElement | null {
  const label = button.getAttribute('aria-label')
  const text = button.textContent
  for (const candidate of root.querySelectorAll('button')) {
    if (candidate.disabled) continue
    if (label ? candidate.getAttribute('aria-label') === label : candidate.textContent === text)
      return candidate
  }
  return null
}
