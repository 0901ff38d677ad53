/** `POST /add-withdraw/`: a withdrawal request, idempotent by the required Idempotency-Key (DECISIONS §3, §6). */
import type { FastifyInstance } from 'fastify'
import { contextOf } from '../../earning/context.ts'
import { readIdempotencyKey, runIdempotent } from '../../earning/idempotency.ts'
import { requestWithdrawal } from '../../earning/withdrawals.ts'

export default async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  const ctx = contextOf(app)
  app.post('/add-withdraw/', { preHandler: app.authenticate }, async (request, reply) => {
    const key = readIdempotencyKey(request.headers['idempotency-key'], true) as string
    const body = (request.body ?? {}) as { upi_id?: unknown; amount?: unknown }
    const answer = await runIdempotent(
      ctx,
      { userId: request.userId, key, route: 'add-withdraw', body },
      async (tx) => ({
        status: 200,
        body: await requestWithdrawal(ctx, tx, request.userId, body, key),
      }),
    )
    return reply.status(answer.status).send(answer.body)
  })
}
