/**
 * A confirmation before money moves, as a bottom sheet (a real modal dialog: popup.tsx): the title,
 * a short summary (label and value lines), what else the user should know folded behind a
 * disclosure, and the confirm and cancel buttons in a footer that stays in view on the smallest
 * phones (320×640). Focus opens on the title; Escape cancels unless `busy`.
 */
import type { ReactNode } from 'react'
import { Popup } from './popup'

interface Props {
  title: string
  /** The summary: each line a label and its value ("Plan", "Silver"). */
  summary: readonly { label: string; value: string }[]
  /** The folded part's label ("What you need to withdraw") and content. */
  more?: { label: string; content: ReactNode }
  confirmLabel: string
  cancelLabel: string
  onConfirm(): void
  onCancel(): void
  /** While the confirmed action is on its way: buttons disabled, Escape ignored. */
  busy?: boolean
  /** Confirm cannot be used yet (the body says why): only Confirm is disabled. */
  confirmDisabled?: boolean
  children?: ReactNode
}

export function ConfirmSheet({
  title,
  summary,
  more,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  confirmDisabled = false,
  children,
}: Props) {
  return (
    <Popup
      title={title}
      sheet
      onDismiss={busy ? undefined : onCancel}
      actions={
        <>
          <button
            type="button"
            className="btn"
            disabled={busy || confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
          <button type="button" className="btn btn-outline" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </button>
        </>
      }
    >
      <dl className="sheet-summary">
        {summary.map((line) => (
          <div key={line.label} className="sheet-summary-line">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {children}
      {more ? (
        <details className="disclosure">
          <summary>{more.label}</summary>
          <div className="disclosure-body">{more.content}</div>
        </details>
      ) : null}
    </Popup>
  )
}
