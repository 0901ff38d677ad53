/**
 * The console's money actions with their required Idempotency-Key: read from the request, run
 * once per key by the domain (server/ops/console-action.ts), the answer sent with its status. The
 * console sends one key per confirmation (ops/src/lib/api.ts), so a double click or a retry
 * applies once; a request without one is refused and changes nothing (docs/product.md#api).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context.ts'
import { readIdempotencyKey } from '../../earning/idempotency-keys.ts'
import { runConsoleActionOnce, type ConsoleAction } from '../../ops/console-action.ts'

/**
 * Runs `run` once per Idempotency-Key and sends its answer; a replay sends the stored answer with
 * its status (runConsoleActionOnce). 4xx answers of `run` are stored and sent. Throws 400
 * IDEMPOTENCY_KEY_REQUIRED (no key), 400 VALIDATION (a malformed key), 409
 * IDEMPOTENCY_IN_FLIGHT, 422 IDEMPOTENCY_KEY_REUSED, and `action.userId`'s 404 when the row named
 * does not exist.
 */
export async function runConsoleAction<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  action: ConsoleAction,
  run: (ctx: AppContext) => Promise<T>,
): Promise<FastifyReply | T> {
  const clientKey = readIdempotencyKey(request.headers['idempotency-key'], true)
  const answer = await runConsoleActionOnce(
    ctx,
    { operatorId: request.operator?.id ?? 0, clientKey, note: request.replayNote },
    action,
    run,
  )
  return reply.status(answer.status).send(answer.body)
}
