/**
 * A queue's confirmed actions (orders, withdrawals, held reviews): `decide(summary, path, body,
 * done)` shows the confirmation of what changes, and on Accept POSTs `body` to the ops API's
 * `path` with a fresh Idempotency-Key, reports `done` or the error in the screen's notice, and
 * reloads the queue. Cancel sends nothing.
 */
import { opsCall } from '../lib/api.ts'
import { useAction } from '../lib/use-paged.ts'
import { useConfirm, type Summary } from './confirm-dialog.tsx'

export function useDecide(reload: () => Promise<void>) {
  const { notice, run } = useAction(reload)
  const [dialog, ask] = useConfirm()
  const decide = async (
    summary: Summary,
    path: string,
    body: Record<string, unknown>,
    done: string,
  ): Promise<void> => {
    if (!(await ask(summary))) return
    await run((key) => opsCall(path, { method: 'POST', body, idempotencyKey: key }), done)
  }
  return { notice, run, dialog, ask, decide }
}
