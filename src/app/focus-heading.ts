/**
 * Focus after an in-app navigation (WCAG 2.4.3): the new screen's h1 (made focusable
 * with tabindex=-1) once it is drawn, not a placeholder's (a skeleton's h1 is inside its
 * role=status region). Given up when something else takes focus first (a popup, the user), or
 * after 3 s. Loaded on the first navigation, so it is not part of the first route's JavaScript.
 */
export function focusHeading(from: Element | null): void {
  let tries = 60
  const timer = setInterval(() => {
    const h1 = document.querySelector<HTMLElement>('h1:not([role=status] *)')
    const active = document.activeElement
    const free = active === from || active === document.body
    if (h1 && free) {
      h1.tabIndex = -1
      h1.focus()
    }
    if (!free || !--tries) clearInterval(timer)
  }, 50)
}
