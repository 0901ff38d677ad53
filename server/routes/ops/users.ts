/**
 * The console's user routes (DECISIONS §8): look-up with the ledger, orders and withdrawals; flag
 * or suspend; a manual adjustment as a ledger row. Changes need the operator role.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { opsRoutes as schemas } from '../../../contract/api/ops.ts'
import { appContext } from '../../context.ts'
import { adjustBalance, moderateUser } from '../../ops/users.ts'
import { lookUpUser } from '../../ops/user-lookup.ts'
import { actorOf, operatorGuard } from './guard.ts'

export default async function opsUserRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  const guard = operatorGuard(app)

  app.get('/ops/users', { onRequest: guard.read, schema: schemas.users }, async (request) =>
    lookUpUser(ctx, request.query.q),
  )

  app.post(
    '/ops/users/:id/moderation',
    { onRequest: guard.write, schema: schemas.moderation },
    async (request) =>
      moderateUser(ctx, actorOf(request), request.params.id, request.body, request.body.reason),
  )

  app.post(
    '/ops/users/:id/adjustments',
    { onRequest: guard.write, schema: schemas.adjustment },
    async (request) =>
      adjustBalance(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.coins,
        request.body.reason,
      ),
  )
}
