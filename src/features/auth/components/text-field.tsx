/** A labelled input with its error line, wired for screen readers (label, aria-invalid, aria-describedby). */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { t } from '@/i18n/i18n'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  /** The message shown under the input (a catalog message is shown translated); marks it invalid. */
  error?: string | null
  /** Something drawn inside the input's box, at the right (the PIN toggle). */
  trailing?: ReactNode
}

export function TextField({ label, error, trailing, className, ...input }: TextFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const field = (
    <input
      id={id}
      className={className ?? 'input'}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      {...input}
    />
  )
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {trailing ? (
        <div className="input-with-toggle">
          {field}
          {trailing}
        </div>
      ) : (
        field
      )}
      {error ? (
        <p id={errorId} className="error-text" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  )
}
