/**
 * The confirmation every action that moves money or rules asks first: a modal `<dialog>` with a
 * summary (who, how much, each value before → after) that sends nothing until the operator
 * accepts. Focus moves into the dialog and back to where it was when it closes.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useModal } from './modal.ts'

/** One line of a summary: a label and either a text or a value before → after. */
export interface SummaryLine {
  label: string
  text?: ReactNode
  before?: ReactNode
  after?: ReactNode
}

/** What a confirmation shows: a title, who it is about, the lines, the accepting button's label. */
export interface Summary {
  title: string
  who?: ReactNode
  lines: SummaryLine[]
  accept: string
}

/**
 * A confirmation to render and a function that opens it: `ask(summary)` resolves true when the
 * operator accepts, false on Cancel or Escape.
 */
export function useConfirm(): [ReactNode, (summary: Summary) => Promise<boolean>] {
  const [open, setOpen] = useState<{ summary: Summary; resolve: (ok: boolean) => void } | null>(
    null,
  )
  const ask = useCallback(
    (summary: Summary) => new Promise<boolean>((resolve) => setOpen({ summary, resolve })),
    [],
  )
  const close = (ok: boolean) => {
    open?.resolve(ok)
    setOpen(null)
  }
  const dialog = open ? <ConfirmDialog summary={open.summary} onClose={close} /> : null
  return [dialog, ask]
}

function ConfirmDialog({
  summary,
  onClose,
}: {
  summary: Summary
  onClose: (accepted: boolean) => void
}) {
  const cancel = useRef<HTMLButtonElement>(null)
  // Cancel first: Enter on an unread summary must not move money.
  const ref = useModal(cancel)
  return (
    <dialog
      ref={ref}
      className="confirm"
      aria-labelledby="confirm-title"
      onCancel={(e) => {
        e.preventDefault()
        onClose(false)
      }}
    >
      <h2 id="confirm-title">{summary.title}</h2>
      {summary.who && <p className="confirm-who">{summary.who}</p>}
      <dl className="summary">
        {summary.lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>
              {line.text ?? (
                <>
                  <span className="before">{line.before}</span>
                  {' → '}
                  <strong>{line.after}</strong>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <div className="dialog-actions">
        <button ref={cancel} type="button" onClick={() => onClose(false)}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={() => onClose(true)}>
          {summary.accept}
        </button>
      </div>
    </dialog>
  )
}
