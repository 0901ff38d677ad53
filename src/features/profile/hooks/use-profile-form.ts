/**
 * What the profile's forms (add bank details, edit profile) share (docs/product.md#validation, #messages): the form-level
 * error, the submitting flag, whether the user has typed (a late prefill must not overwrite it),
 * and one submit step that turns a failed call into the form's error message.
 */
import { useCallback, useRef, useState } from 'react'
import { readApiError, type ApiErrorBody } from '@/lib/api-client'

/** The state and steps of one profile form. */
export interface ProfileForm {
  formError: string | null
  setFormError(message: string | null): void
  submitting: boolean
  /** True once the user has changed a field (read in prefill effects). */
  touched: { readonly current: boolean }
  /** Call on every change of a field: marks the form touched and clears the form's error. */
  edited(): void
  /**
   * Runs `send` (the call and what follows its success, e.g. navigating); if it throws, shows
   * `failure(apiError)` — `apiError` is the server's `{ message, code }`, null when there was no
   * HTTP answer (offline, timeout) — and lets the user submit again. Never throws.
   */
  submit(
    send: () => Promise<void>,
    failure: (apiError: ApiErrorBody | null) => string,
  ): Promise<void>
}

export function useProfileForm(): ProfileForm {
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const touched = useRef(false)
  const edited = useCallback(() => {
    touched.current = true
    setFormError(null)
  }, [])
  const submit = useCallback(
    async (send: () => Promise<void>, failure: (apiError: ApiErrorBody | null) => string) => {
      setSubmitting(true)
      setFormError(null)
      try {
        await send()
      } catch (error) {
        setFormError(failure(await readApiError(error)))
        setSubmitting(false)
      }
    },
    [],
  )
  return { formError, setFormError, submitting, touched, edited, submit }
}
