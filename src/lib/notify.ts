/**
 * The one toast of an action's result (STYLE: one message per event). Every result takes the same
 * toast's place, so two never stand side by side ("Login successful!" beside "Login failed", "OTP
 * verified" beside "OTP Sent"). A field's error is shown under its field, never here; being offline
 * is the app's banner's to say (src/components/offline-notice.tsx), never a toast's.
 *
 * The only way to a toast: the toaster (react-hot-toast, ./toaster.tsx) is loaded and drawn with
 * the first toast, so a page that shows none never downloads it (docs/product.md#budgets). What is
 * asked before it has arrived is done, in order, once it has.
 */
import type { ReactElement } from 'react'
import type { toast as Toast } from './toaster'

/** The id every result toast shares: a new one replaces the one on screen. */
export const RESULT_TOAST_ID = 'result'

/** Where a toast goes (its `id`: one of that id is replaced) and how long it stays (ms). */
export interface NotifyOptions {
  id?: string
  duration?: number
}

let loaded: typeof Toast | null = null
let loading: Promise<void> | null = null
/** What was asked before the toaster arrived, in order. */
const waiting: Array<(toast: typeof Toast) => void> = []

/**
 * Does `call` with the toaster: at once when it is here, else once it has arrived (loading it
 * unless `load` is false: taking a toast away needs no toaster when none was ever shown).
 */
function withToaster(call: (toast: typeof Toast) => void, load = true): void {
  if (loaded) return call(loaded)
  if (!loading && !load) return
  waiting.push(call)
  loading ??= import('./toaster').then(
    (toaster) => {
      toaster.mountToaster()
      loaded = toaster.toast
      for (const next of waiting.splice(0)) next(toaster.toast)
    },
    (error: unknown) => {
      // A later toast tries again; these are lost (the page's own text still says the result).
      loading = null
      waiting.length = 0
      console.error('toaster failed to load', error)
    },
  )
}

const optionsOf = (options?: NotifyOptions) => ({ id: RESULT_TOAST_ID, ...options })

export const notify = {
  /** An action that worked: "Profile updated successfully!". */
  success: (text: string, options?: NotifyOptions): void =>
    withToaster((toast) => void toast.success(text, optionsOf(options))),
  /** An action that failed, when the screen has no place of its own to say so. */
  error: (text: string, options?: NotifyOptions): void =>
    withToaster((toast) => void toast.error(text, optionsOf(options))),
  /** A result that is neither: "Withdrawal saved; it is sent when you are back online." */
  info: (text: string, options?: NotifyOptions): void =>
    withToaster((toast) => void toast(text, optionsOf(options))),
  /**
   * A result with controls of its own (the withdrawal's notification offer): `content` draws it,
   * given the function that takes it away.
   */
  custom: (content: (dismiss: () => void) => ReactElement, options?: NotifyOptions): void =>
    withToaster(
      (toast) => void toast((shown) => content(() => toast.dismiss(shown.id)), optionsOf(options)),
    ),
  /** Takes the last result (or the toast `id`) away: a new attempt's outcome is said in its own place. */
  clear: (id: string = RESULT_TOAST_ID): void => withToaster((toast) => toast.dismiss(id), false),
}
