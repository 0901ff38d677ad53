/**
 * A modal popup over the screen: a native `<dialog>` opened with `showModal()`, so the page behind
 * is inert and screen readers hear its title (`aria-labelledby`). Focus moves to its first control
 * (the dialog itself when it has none), Tab and Shift+Tab cycle inside it, and when it closes focus
 * returns to the element that had it before (the opener) or, when that is gone or the popup opened
 * on load, to `returnFocus()` or the screen's `h1`. Escape calls `onDismiss`; a popup without one
 * (its only way out is its own button, SPEC §4) stays open. The popup is open while it is rendered:
 * its owner closes it by unmounting it.
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react'

/** Controls Tab can reach inside the dialog (disabled and hidden ones are filtered out below). */
const FOCUSABLE =
  'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]'

function tabbable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.matches(':disabled') && !el.closest('[hidden], [inert]'),
  )
}

/** Where focus goes when the opener is gone: the caller's choice, else the screen's heading. */
function fallbackFocus(returnFocus?: () => HTMLElement | null): HTMLElement | null {
  const chosen = returnFocus?.()
  if (chosen) return chosen
  const heading = document.querySelector<HTMLElement>('h1')
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1
  return heading
}

export function Popup({
  title,
  children,
  onDismiss,
  returnFocus,
  titleLang,
}: {
  title: string
  /**
   * The title's language when it is not the page's (the bonus popup's Hindi title on an English
   * page, SPEC §4), for screen readers (WCAG 3.1.2).
   */
  titleLang?: 'hi' | 'en'
  children: ReactNode
  /** Called on Escape; without it Escape does nothing. */
  onDismiss?: () => void
  /** The element to focus on close when the opener is gone (e.g. the popup opened on load). */
  returnFocus?: () => HTMLElement | null
}) {
  const id = useId()
  const ref = useRef<HTMLDialogElement>(null)
  // The latest callbacks, read by the listeners the effect below adds once.
  const latest = useRef({ onDismiss, returnFocus })
  useEffect(() => {
    latest.current = { onDismiss, returnFocus }
  })

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    let closing = false
    if (!dialog.open) dialog.showModal()
    const onCancel = (event: Event) => {
      // React owns the open state: the owner closes the popup by unmounting it.
      event.preventDefault()
      latest.current.onDismiss?.()
    }
    // Chromium closes a dialog on a second Escape even when `cancel` is prevented: reopen it.
    const onClose = () => {
      if (!closing && dialog.isConnected) dialog.showModal()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const items = tabbable(dialog)
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) {
        event.preventDefault()
        return
      }
      const active = document.activeElement
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && active === last) {
        event.preventDefault()
        first.focus()
      }
    }
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('close', onClose)
    dialog.addEventListener('keydown', onKeyDown)
    return () => {
      closing = true
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('close', onClose)
      dialog.removeEventListener('keydown', onKeyDown)
      if (dialog.open) dialog.close()
      const target =
        opener && opener !== document.body && opener.isConnected
          ? opener
          : fallbackFocus(latest.current.returnFocus)
      target?.focus()
    }
  }, [])

  return (
    <dialog ref={ref} className="popup" aria-labelledby={id}>
      <h2 id={id} className="popup-title" lang={titleLang}>
        {title}
      </h2>
      {children}
    </dialog>
  )
}
