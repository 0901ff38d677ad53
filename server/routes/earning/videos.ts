/**
 * `GET /dashboard/` (the videos, each handout recorded) and `POST /add-reward/` (a reward claim,
 * idempotent by the required Idempotency-Key header; DECISIONS §6).
 */
import type { FastifyInstance } from 'fastify'
import { contextOf } from '../../earning/context.ts'
import { readIdempotencyKey, runIdempotent } from '../../earning/idempotency.ts'
import {
  claimReward,
  handOutVideos,
  precheckReward,
  type RewardClaim,
} from '../../earning/rewards.ts'

export default async function videoRoutes(app: FastifyInstance): Promise<void> {
  const ctx = contextOf(app)

  app.get<{ Querystring: { link?: string } }>(
    '/dashboard/',
    { preHandler: app.authenticate },
    async (request) => {
      const link =
        typeof request.query.link === 'string' ? request.query.link.slice(0, 500) : undefined
      return handOutVideos(ctx, request.userId, link || undefined)
    },
  )

  app.post('/add-reward/', { preHandler: app.authenticate }, async (request, reply) => {
    const key = readIdempotencyKey(request.headers['idempotency-key'], true) as string
    const body = (request.body ?? {}) as RewardClaim
    const answer = await runIdempotent(
      ctx,
      { userId: request.userId, key, route: 'add-reward', body },
      async (tx) => ({
        status: 200,
        body: { data: await claimReward(ctx, tx, request.userId, body, key) },
      }),
      // A claim already credited today is refused without a transaction (most repeats are).
      { precheck: () => precheckReward(ctx, request.userId, body) },
    )
    return reply.status(answer.status).send(answer.body)
  })
}
