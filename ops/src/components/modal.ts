/** What the console's modal dialogs share: opened modal on mount, focus back to the opener. */
import { useEffect, useRef, type RefObject } from 'react'

/**
 * A ref for a `<dialog>` that opens it modal when mounted (focus moves to `focus`, else its first
 * control) and, when unmounted, closes it and gives focus back to what had it before.
 */
export function useModal(
  focus?: RefObject<HTMLElement | null>,
): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    dialog.showModal()
    focus?.current?.focus()
    return () => {
      if (dialog.open) dialog.close()
      opener?.focus()
    }
    // The dialog opens once per mount; `focus` is a ref, read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return ref
}
