/**
 * One action of a selected row: a text field, a button, and while the button cannot be used, a
 * line saying why (the button points to it with `aria-describedby`).
 */
import { useId, useState, type ReactNode } from 'react'

export function ActionField({
  label,
  initial = '',
  placeholder,
  button,
  primary,
  ready,
  why,
  onSubmit,
  extra,
}: {
  label: string
  initial?: string
  placeholder?: string
  /** The button's label. */
  button: string
  primary?: boolean
  /** Whether `value` is enough to act. */
  ready: (value: string) => boolean
  /** Why the button waits, shown while `ready` is false. */
  why: string
  onSubmit: (value: string) => void
  /** More controls between the field and the button (a checkbox). */
  extra?: ReactNode
}) {
  const [value, setValue] = useState(initial)
  const hint = useId()
  const ok = ready(value)
  return (
    <form
      className="action"
      onSubmit={(e) => {
        e.preventDefault()
        if (ok) onSubmit(value.trim())
      }}
    >
      <label>
        {label}
        <input value={value} placeholder={placeholder} onChange={(e) => setValue(e.target.value)} />
      </label>
      {extra}
      <div className="action-row">
        <button
          type="submit"
          className={primary ? 'primary' : undefined}
          disabled={!ok}
          aria-describedby={ok ? undefined : hint}
        >
          {button}
        </button>
        {!ok && (
          <span id={hint} className="muted hint">
            {why}
          </span>
        )}
      </div>
    </form>
  )
}

/** At least 3 characters, the server's minimum for a reason. */
export const hasReason = (value: string) => value.trim().length >= 3
