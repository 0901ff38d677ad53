/**
 * `GET /dashboard/` (the videos, each handout recorded) and `POST /add-reward/` (a reward claim,
 * idempotent by the required Idempotency-Key header; DECISIONS §6).
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { earningRoutes as schemas } from '../../../contract/api/earning.ts'
import { appContext } from '../../context.ts'
import { runIdempotent } from '../../earning/idempotency.ts'
import { readIdempotencyKey } from '../../earning/idempotency-keys.ts'
import { handOutVideos } from '../../earning/handouts.ts'
import { claimReward, claimRewardIfUnchanged, precheckReward } from '../../earning/rewards.ts'

export default async function videoRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)

  app.get(
    '/dashboard/',
    { schema: schemas.dashboard, onRequest: app.authenticate },
    async (request) => {
      const link =
        typeof request.query.link === 'string' ? request.query.link.slice(0, 500) : undefined
      return handOutVideos(ctx, request.userId, link || undefined)
    },
  )

  app.post(
    '/add-reward/',
    {
      schema: schemas.addReward,
      config: { idempotencyKey: 'required' },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers['idempotency-key'], true)
      const body = request.body
      const answer = await runIdempotent(
        ctx,
        { userId: request.userId, key, route: 'add-reward', body, note: request.replayNote },
        (tx, hold) => claimReward(ctx, tx, request.userId, body, hold),
        // A claim already credited today is refused without a transaction (most repeats are);
        // a claim holds its key in the statement that locks the user. On PostgreSQL a claim is
        // first judged on an unlocked read and credited in one statement if the user's row has
        // not moved since (most claims: a user's claims come one video at a time).
        {
          precheck: () => precheckReward(ctx, request.userId, body),
          handlerHoldsKey: true,
          optimistic:
            ctx.engine === 'postgres'
              ? (hold, probed) => claimRewardIfUnchanged(ctx, request.userId, body, hold, probed)
              : undefined,
        },
      )
      return reply.status(answer.status).send(answer.body)
    },
  )
}
