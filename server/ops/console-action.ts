/**
 * Console actions that move money run once per Idempotency-Key (docs/product.md#operators): the
 * console sends one key per confirmation, so a double click or a retry applies the action once
 * and gets the first answer again. The same mechanism as the users' keyed requests
 * (server/earning/idempotency.ts `runIdempotent`), taken in the domain like theirs: the key is
 * stored under the user the action is about, in the namespace `ops:<operator id>:`, which no
 * client key (`client:…`) can reach.
 */
import type { AppContext, MoneyEvent, ReplayNote } from '../context.ts'
import type { ErrorBody } from '../../contract/api/common.ts'
import { runIdempotent, type StoredResponse } from '../earning/idempotency.ts'
import { joinTransaction } from './join-transaction.ts'

/** What a keyed console action is: its route's name, the user it is about, the request body. */
export interface ConsoleAction {
  /** Stored with the key: the same key on another action is refused (422). */
  route: string
  /** The user the action changes (server/ops/action-owner.ts; 404 when the row is absent). */
  userId: () => Promise<number>
  /** What decides "the same request" (the route's parameters and body). */
  body: unknown
}

/**
 * Runs `run` once per the operator's Idempotency-Key and resolves its answer: 200 with what `run`
 * resolves, a 4xx of `run` stored as the answer, or on a replay the first answer (marked on
 * `note`). `clientKey` is the key as read (`client:KEY`); it is stored as
 * `ops:<operatorId>:KEY`. `run` gets a context whose transactions join the key's transaction, so
 * the action, its ledger and audit rows and the stored answer commit together; its money events
 * are told after that commit. Throws 409 IDEMPOTENCY_IN_FLIGHT, 422 IDEMPOTENCY_KEY_REUSED, and
 * `action.userId`'s 404 when the row named does not exist.
 */
export async function runConsoleActionOnce<T>(
  ctx: AppContext,
  request: { operatorId: number; clientKey: string; note?: ReplayNote | null },
  action: ConsoleAction,
  run: (ctx: AppContext) => Promise<T>,
): Promise<StoredResponse<T | ErrorBody>> {
  const { clientKey } = request
  const userId = await action.userId()
  const key = `ops:${request.operatorId}:${clientKey.slice(clientKey.indexOf(':') + 1)}`
  const events: MoneyEvent[] = []
  const answer = await runIdempotent(
    ctx,
    { userId, key, route: action.route, body: action.body, note: request.note },
    async (tx) => ({
      status: 200,
      body: await run({
        ...ctx,
        db: joinTransaction(tx),
        onMoneyMoved: (event) => events.push(event),
      }),
    }),
  )
  for (const event of events) ctx.onMoneyMoved?.(event)
  return answer
}
