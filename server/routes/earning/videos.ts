/**
 * `GET /dashboard/` (the videos, each handout recorded) and `POST /add-reward/` (a reward claim,
 * idempotent by the required Idempotency-Key header; docs/product.md#api).
 */
import { recordClaimDevice, signalOf } from '../../risk/signals.ts'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { earningRoutes as schemas } from '../../../contract/api/earning.ts'
import { appContext } from '../../context.ts'
import { readIdempotencyKey } from '../../earning/idempotency-keys.ts'
import { handOutVideos } from '../../earning/handouts.ts'
import { claimReward } from '../../earning/reward-claim/index.ts'

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
      const answer = await claimReward(ctx, {
        userId: request.userId,
        key,
        body: request.body,
        note: request.replayNote,
      })
      if (answer.status === 200) {
        recordClaimDevice(app.db, request.userId, signalOf(request), ctx.now(), (error) =>
          request.log.warn({ err: error }, 'recording the claim device failed'),
        )
      }
      return reply.status(answer.status).send(answer.body)
    },
  )
}
