/**
 * Taps on a prerendered page before React has taken it over (issue 12). The landing paints from
 * HTML and fetches the app only once the browser is idle, so on a slow phone its buttons (Play
 * the sample video, the language switch) are drawn seconds before any code listens to them. A
 * tap on one then is held: it starts the app at once, and once React has taken the page over
 * (`hydrateRoot` called, src/main.tsx) it is given again, so it is answered instead of lost.
 * Links need none of this (they work without JavaScript), and forms stay `inert` until then.
 */

let held: HTMLElement | null = null
let stop: (() => void) | null = null

/**
 * Holds the first tap on a button inside `root` until `releaseEarlyTap()`, and calls `onTap`
 * (start the app now) on it. Imported by the entry script only, before the app exists.
 */
export function holdEarlyTaps(root: HTMLElement, onTap: () => void): void {
  const listener = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (!button || !root.contains(button)) return
    // The app is not here to answer: keep the page as it is and answer once it is.
    event.preventDefault()
    event.stopPropagation()
    held ??= button
    onTap()
  }
  root.addEventListener('click', listener, true)
  stop = () => root.removeEventListener('click', listener, true)
}

/**
 * Stops holding taps and gives the held one, if any, to its button again. Call it right after
 * `hydrateRoot`: React listens from then on, hydrates the tapped part at once and answers the
 * tap. A button the app has drawn anew (another language, a visitor being redirected) is gone
 * from the page, and its tap with it.
 */
export function releaseEarlyTap(): void {
  stop?.()
  stop = null
  const button = held
  held = null
  if (button?.isConnected) button.click()
}
