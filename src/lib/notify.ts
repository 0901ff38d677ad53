/**
 * The one toast of an action's result (STYLE: one message per event). Every result takes the same
 * toast's place, so two never stand side by side ("Login successful!" beside "Login failed", "OTP
 * verified" beside "OTP Sent"). A field's error is shown under its field, never here; being offline
 * is the app's banner's to say (src/components/offline-notice.tsx), never a toast's.
 */
import toast from 'react-hot-toast'

/** The id every result toast shares: a new one replaces the one on screen. */
export const RESULT_TOAST_ID = 'result'

export const notify = {
  /** An action that worked: "Profile updated successfully!". */
  success: (text: string): void => void toast.success(text, { id: RESULT_TOAST_ID }),
  /** An action that failed, when the screen has no place of its own to say so. */
  error: (text: string): void => void toast.error(text, { id: RESULT_TOAST_ID }),
  /** A result that is neither: "Withdrawal saved; it is sent when you are back online." */
  info: (text: string): void => void toast(text, { id: RESULT_TOAST_ID }),
  /** Takes the last result away: a new attempt's outcome will be said in its own place. */
  clear: (): void => toast.dismiss(RESULT_TOAST_ID),
}
