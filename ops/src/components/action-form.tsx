/**
 * The actions of a queue's selected row (orders, withdrawals, held reviews), one shape for all:
 * each decision is a text field (a UTR, a reason) with its button beside it, and while the button
 * cannot be used, a line saying why (the button points to it with `aria-describedby`). The first decision
 * is the primary one (Confirm payment, Mark paid, Approve).
 */
import { useId, useState, type ReactNode } from 'react'

/** One decision on a selected row: its field, its button and what the button waits for. */
export interface Decision {
  /** The field's label ("UTR from the bank statement", "Reason to reject"). */
  label: string
  initial?: string
  placeholder?: string
  /** The button's label. */
  button: string
  /** `text`: anything typed (a UTR); `reason`: a reason of 3 characters or more. */
  needs: 'text' | 'reason'
  /** Why the button waits, shown while the field is not enough. */
  why: string
  /** More controls under the field and its button (a checkbox). */
  extra?: ReactNode
  /** Called with the trimmed value: asks for the confirmation, then acts. */
  onSubmit: (value: string) => unknown
}

/**
 * The selected row's decisions, the only actions on the screen; give it the row's id as `key`
 * so a newly selected row starts with empty fields.
 */
export function ActionsPanel({ decisions }: { decisions: Decision[] }) {
  return (
    <div className="actions-panel">
      {decisions.map(({ needs, onSubmit, ...d }, i) => (
        <ActionField
          key={d.button}
          {...d}
          primary={i === 0}
          ready={needs === 'reason' ? hasReason : (v) => v.trim() !== ''}
          onSubmit={(value) => void onSubmit(value)}
        />
      ))}
    </div>
  )
}

/** One decision's form: the field, the button, and why the button waits. */

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
  /** More controls under the field and its button (a checkbox). */
  extra?: ReactNode
}) {
  const [value, setValue] = useState(initial)
  const ids = useId()
  const [field, hint] = [`${ids}-field`, `${ids}-hint`]
  const ok = ready(value)
  return (
    <form
      className="action"
      onSubmit={(e) => {
        e.preventDefault()
        if (ok) onSubmit(value.trim())
      }}
    >
      <label htmlFor={field}>{label}</label>
      {/* The field and its button on one line, so the detail's actions stay short. */}
      <div className="action-row">
        <input
          id={field}
          value={value}
          placeholder={placeholder}
          onChange={(e) => setValue(e.target.value)}
        />
        <button
          type="submit"
          className={primary ? 'primary' : undefined}
          disabled={!ok}
          aria-describedby={ok ? undefined : hint}
        >
          {button}
        </button>
      </div>
      {extra}
      {!ok && (
        <span id={hint} className="muted hint">
          {why}
        </span>
      )}
    </form>
  )
}

/** At least 3 characters, the server's minimum for a reason. */
export const hasReason = (value: string) => value.trim().length >= 3
