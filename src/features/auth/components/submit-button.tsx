/** A full-width submit button that shows a spinner and a busy label while its request runs. */
import type { ReactNode } from 'react'

export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
}: {
  busy: boolean
  busyLabel: string
  disabled?: boolean
  children: ReactNode
}) {
  return (
    <button type="submit" className="btn" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? (
        <>
          <span className="spinner auth-spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  )
}
