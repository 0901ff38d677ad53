/**
 * What a list shows when it has nothing yet: a short sentence and, where there is one, the way to
 * change that (a link or button passed as `action`).
 */
import type { ReactNode } from 'react'

export function EmptyState({
  text,
  action,
  testId,
}: {
  text: string
  action?: ReactNode
  testId?: string
}) {
  return (
    <div className="empty-state" data-testid={testId}>
      <p className="muted">{text}</p>
      {action ?? null}
    </div>
  )
}
