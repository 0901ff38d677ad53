/**
 * Console actions that move money run once per Idempotency-Key (docs/product.md#operators): the
 * console sends one key per confirmation, so a double click or a retry applies the action once
 * and gets the first answer again. The same mechanism as the users' keyed routes
 * (server/earning/idempotency.ts `runIdempotent`): the key is stored under the user the action is
 * about, in the namespace `ops:<operator id>:`, which no client key (`client:…`) can reach.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext, MoneyEvent } from '../../context.ts'
import { runIdempotent } from '../../earning/idempotency.ts'
import { readIdempotencyKey } from '../../earning/idempotency-keys.ts'
import { joinTransaction } from '../../ops/join-transaction.ts'

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
 * Runs `run` once per Idempotency-Key (optional: without one it simply runs) and sends its answer;
 * a replay sends the stored answer with its status. `run` gets a context whose transactions join
 * the key's transaction, so the action, its ledger and audit rows and the stored answer commit
 * together; its money events are told after that commit. Throws what `run` throws when unkeyed;
 * keyed, 4xx answers are stored and sent, 409 IDEMPOTENCY_IN_FLIGHT, 422 IDEMPOTENCY_KEY_REUSED,
 * 400 VALIDATION (a malformed key), and `action.userId`'s 404 when the row named does not exist.
 */
export async function runConsoleAction<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  action: ConsoleAction,
  run: (ctx: AppContext) => Promise<T>,
): Promise<FastifyReply | T> {
  const clientKey = readIdempotencyKey(request.headers['idempotency-key'], false)
  if (!clientKey) return run(ctx)
  const userId = await action.userId()
  const key = `ops:${request.operator?.id ?? 0}:${clientKey.slice(clientKey.indexOf(':') + 1)}`
  const events: MoneyEvent[] = []
  const answer = await runIdempotent(
    ctx,
    { userId, key, route: action.route, body: action.body, note: request.replayNote },
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
  return reply.status(answer.status).send(answer.body)
}
