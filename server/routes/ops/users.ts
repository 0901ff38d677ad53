/**
 * The console's user routes (issue 17; DECISIONS §8): look-up with the ledger, orders and
 * withdrawals; flag or suspend; a manual adjustment as a ledger row. Changes need the operator role.
 */
import type { FastifyInstance } from 'fastify'
import { appContext } from '../../context.ts'
import { adjustBalance, moderateUser } from '../../ops/users.ts'
import { lookUpUser } from '../../ops/user-lookup.ts'
import { actorOf, operatorGuard } from './guard.ts'

export default async function opsUserRoutes(app: FastifyInstance): Promise<void> {
  const ctx = appContext(app)
  const guard = operatorGuard(app)

  app.get<{ Querystring: { q: string } }>(
    '/ops/users',
    {
      preHandler: guard.read,
      schema: {
        querystring: {
          type: 'object',
          required: ['q'],
          properties: { q: { type: 'string', minLength: 1, maxLength: 154 } },
        },
      },
    },
    async (request) => lookUpUser(ctx, request.query.q),
  )

  app.post<{
    Params: { id: string }
    Body: { flagged?: boolean; suspended?: boolean; reason: string }
  }>(
    '/ops/users/:id/moderation',
    {
      preHandler: guard.write,
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
        body: {
          type: 'object',
          required: ['reason'],
          properties: {
            flagged: { type: 'boolean' },
            suspended: { type: 'boolean' },
            reason: { type: 'string', maxLength: 500 },
          },
        },
      },
    },
    async (request) =>
      moderateUser(
        ctx,
        actorOf(request),
        Number(request.params.id),
        request.body,
        request.body.reason,
      ),
  )

  app.post<{ Params: { id: string }; Body: { coins: number; reason: string } }>(
    '/ops/users/:id/adjustments',
    {
      preHandler: guard.write,
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
        body: {
          type: 'object',
          required: ['coins', 'reason'],
          properties: { coins: { type: 'integer' }, reason: { type: 'string', maxLength: 500 } },
        },
      },
    },
    async (request) =>
      adjustBalance(
        ctx,
        actorOf(request),
        Number(request.params.id),
        request.body.coins,
        request.body.reason,
      ),
  )
}
