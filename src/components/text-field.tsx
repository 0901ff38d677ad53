/**
 * The one form field of the app (the account and profile forms): a label, the input, its error
 * line and whatever help stands under it, wired for screen readers (the label's `for`,
 * `aria-invalid`, `aria-describedby`). Styles: `.field` and `.input` in src/styles/components.css.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { t } from '@/i18n/i18n'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  /** The message shown under the input (an alert; a catalog message is shown translated); marks the input invalid. */
  error?: string | null
  /** Something drawn inside the input's box, at the right (the PIN's show/hide toggle). */
  trailing?: ReactNode
  /** A fixed text drawn in its own box before the input, hidden from screen readers (+91). */
  leading?: string
  /** What stands under the input and its error, such as a live help region; to have it read
   *  with the input, pass its id in `aria-describedby` (the error's id is added to it). */
  children?: ReactNode
}

/**
 * A labelled input. Every input attribute but `id` passes through (`id` comes from useId, so two
 * fields never clash); `aria-invalid` and `aria-describedby` given by the caller are kept, the
 * error line's id is appended to the latter while an error shows.
 */
export function TextField(props: TextFieldProps) {
  const { label, error, trailing, leading, children, className, ...input } = props
  const id = useId()
  const errorId = `${id}-error`
  const describedBy = [input['aria-describedby'], error ? errorId : null].filter(Boolean).join(' ')
  const field = (
    <input
      id={id}
      className={className ?? 'input'}
      {...input}
      aria-invalid={input['aria-invalid'] ?? (error ? true : undefined)}
      aria-describedby={describedBy || undefined}
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
      ) : leading ? (
        <div className="input-with-prefix">
          <span className="input-prefix" aria-hidden="true">
            {leading}
          </span>
          {field}
        </div>
      ) : (
        field
      )}
      {error ? (
        <p id={errorId} className="error-text" role="alert">
          {t(error)}
        </p>
      ) : null}
      {children}
    </div>
  )
}
