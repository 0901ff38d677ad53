/**
 * The console's money actions with their optional Idempotency-Key: read from the request, run
 * once per key by the domain (server/ops/console-action.ts), the answer sent with its status.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context.ts'
import { readIdempotencyKey } from '../../earning/idempotency-keys.ts'
import { runConsoleActionOnce, type ConsoleAction } from '../../ops/console-action.ts'

/**
 * Runs `run` once per Idempotency-Key (optional: without one it simply runs) and sends its answer;
 * a replay sends the stored answer with its status (runConsoleActionOnce). Throws what `run`
 * throws when unkeyed; keyed, 4xx answers are stored and sent, 409 IDEMPOTENCY_IN_FLIGHT, 422
 * IDEMPOTENCY_KEY_REUSED, 400 VALIDATION (a malformed key), and `action.userId`'s 404 when the
 * row named does not exist.
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
  const answer = await runConsoleActionOnce(
    ctx,
    { operatorId: request.operator?.id ?? 0, clientKey, note: request.replayNote },
    action,
    run,
  )
  return reply.status(answer.status).send(answer.body)
}
