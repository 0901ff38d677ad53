/** An action's outcome (a status) or error (an alert), with its retry when it has one. */
import type { ActionNotice } from '../lib/use-paged.ts'

export function Notice({ notice }: { notice: ActionNotice | null }) {
  if (!notice) return null
  return (
    <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'ok' : 'error'}>
      {notice.text}
      {notice.retry && (
        <>
          {' '}
          <button type="button" onClick={notice.retry}>
            Try again
          </button>
        </>
      )}
    </p>
  )
}

/** What an empty list says, under its table (not inside the pager). */
export function Empty({ text = 'Nothing here' }: { text?: string }) {
  return <p className="empty">{text}</p>
}
