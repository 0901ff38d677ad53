/**
 * A modal popup over the screen: a native `<dialog>` opened with `showModal()`, so the page behind
 * is inert and screen readers hear its title (`aria-labelledby`). Focus moves to its first control
 * (the dialog itself when it has none), Tab and Shift+Tab cycle inside it, and when it closes focus
 * returns to the element that had it before (the opener) or, when that is gone or the popup opened
 * on load, to `returnFocus()` or the screen's `h1`. Escape calls `onDismiss`; a popup without one
 * (its only way out is its own button, docs/product.md#flows) stays open. The popup is open while it is rendered:
 * its owner closes it by unmounting it.
 *
 * The sheet style (`sheet`, used by confirm-sheet.tsx) sits at the bottom of the screen with its
 * `actions` in a footer that never scrolls away, its body scrolling between title and footer; it
 * opens with focus on its title, so neither a keyboard nor a screen reader starts on an action
 * (nor on one below the fold).
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
  sheet = false,
  actions,
}: {
  title: string
  /** The sheet style: pinned to the bottom, focus on the title, `actions` always in view. */
  sheet?: boolean
  /** The popup's buttons, drawn in a footer that stays visible while the body scrolls. */
  actions?: ReactNode
  /**
   * The title's language when it is not the page's (the bonus popup's Hindi title on an English
   * page, docs/product.md#flows), for screen readers (WCAG 3.1.2).
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
    // A sheet opens on its title (the style is fixed when the popup opens).
    if (dialog.classList.contains('popup-sheet'))
      dialog.querySelector<HTMLElement>('.popup-title')?.focus()
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
      // The dialog itself or a sheet's title (focusable, not tabbable) counts as before the first.
      const outside = !(active instanceof HTMLElement) || !items.includes(active)
      if (event.shiftKey && (active === first || outside)) {
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

  if (sheet) {
    return (
      <dialog ref={ref} className="popup popup-sheet" aria-labelledby={id}>
        <h2 id={id} className="popup-title" lang={titleLang} tabIndex={-1}>
          {title}
        </h2>
        <div className="popup-body">{children}</div>
        {actions ? <div className="popup-actions">{actions}</div> : null}
      </dialog>
    )
  }
  return (
    <dialog ref={ref} className="popup" aria-labelledby={id}>
      <h2 id={id} className="popup-title" lang={titleLang}>
        {title}
      </h2>
      {children}
      {actions ? <div className="popup-actions">{actions}</div> : null}
    </dialog>
  )
}
