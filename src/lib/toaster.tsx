/**
 * The toaster (react-hot-toast), loaded by src/lib/notify.ts with the first toast, so a page that
 * shows none never downloads it (the landing's JavaScript budget, docs/product.md#budgets). It is
 * drawn in an element of its own at the end of the body: 5 seconds a toast, at the top centre
 * just under the header (56 px) and the offline banner (its height, set by
 * src/components/offline-notice.tsx), as a UPI app tells a result, so the foot of the screen,
 * where a page's actions sit within the thumb's reach (Pay, Confirm, Log out), stays free
 * (docs/product.md#messages).
 */
import { createRoot } from 'react-dom/client'
import toast, { Toaster } from 'react-hot-toast'

export { toast }

/** Draws the toaster (once: notify loads this module once). */
export function mountToaster(): void {
  const host = document.createElement('div')
  document.body.append(host)
  createRoot(host).render(
    <Toaster
      position="top-center"
      toastOptions={{ duration: 5000 }}
      containerStyle={{ top: 'calc(64px + var(--offline-notice-height, 0px))' }}
    />,
  )
}
