import '@testing-library/jest-dom/vitest'
import { afterEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// `findBy…` and `waitFor` wait for a state the screen reaches; Testing Library's 1 s default is
// shorter than a loaded machine takes for a screen's first lazy import (the QR code library).
configure({ asyncUtilTimeout: 5000 })

/**
 * jsdom has `<dialog>` but not `showModal()`/`close()`: a stand-in with the browser's behaviour
 * that src/components/popup.tsx relies on. `showModal()` opens the dialog, makes the rest of the
 * page inert and focuses the first control inside (the dialog itself when there is none); Escape
 * fires a cancelable `cancel` and, unless it is prevented, closes; `close()` undoes all that and
 * fires `close`. (Tab order itself is the Popup's own code, so it is tested as it runs.)
 */
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const made = new WeakMap<HTMLDialogElement, { inert: Element[]; onKey(e: KeyboardEvent): void }>()
  const showModal = (dialog: HTMLDialogElement) => {
    if (dialog.open) throw new DOMException('The dialog is already open.', 'InvalidStateError')
    if (!dialog.isConnected)
      throw new DOMException('The dialog is not connected.', 'InvalidStateError')
    dialog.setAttribute('open', '')
    // Everything outside the dialog's ancestors becomes inert.
    const inert: Element[] = []
    for (
      let node: Element | null = dialog;
      node && node !== document.body;
      node = node.parentElement
    ) {
      for (const sibling of node.parentElement?.children ?? []) {
        if (sibling !== node && !sibling.hasAttribute('inert')) {
          sibling.setAttribute('inert', '')
          inert.push(sibling)
        }
      }
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !dialog.open) return
      const cancel = new Event('cancel', { cancelable: true })
      if (dialog.dispatchEvent(cancel)) dialog.close()
    }
    document.addEventListener('keydown', onKey)
    made.set(dialog, { inert, onKey })
    const first = dialog.querySelector<HTMLElement>(
      'button:not(:disabled), a[href], input:not(:disabled), select, textarea, [tabindex]',
    )
    if (first) first.focus()
    else {
      if (!dialog.hasAttribute('tabindex')) dialog.tabIndex = -1
      dialog.focus()
    }
  }
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    showModal(this)
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return
    this.removeAttribute('open')
    const state = made.get(this)
    if (state) {
      state.inert.forEach((el) => el.removeAttribute('inert'))
      document.removeEventListener('keydown', state.onKey)
      made.delete(this)
    }
    this.dispatchEvent(new Event('close'))
  }
}

afterEach(() => {
  cleanup()
  localStorage.clear()
})
