/**
 * The console's user routes (docs/product.md#operators): search by a prefix, look-up with the ledger, orders
 * and withdrawals; flag or suspend; a manual adjustment as a ledger row. Changes need the
 * operator role and run once per Idempotency-Key (keyed.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { opsRoutes as schemas } from '../../../contract/api/ops.ts'
import { appContext } from '../../context.ts'
import { adjustBalance, moderateUser } from '../../ops/users.ts'
import { lookUpUser, lookUpUserById, searchUsers } from '../../ops/user-lookup.ts'
import { userOwner } from '../../ops/action-owner.ts'
import { actorOf, operatorGuard } from './guard.ts'
import { runConsoleAction } from './keyed.ts'

export default async function opsUserRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  const guard = operatorGuard(app)

  app.get('/ops/users', { onRequest: guard.read, schema: schemas.users }, async (request) =>
    lookUpUser(ctx, request.query.q),
  )

  app.get(
    '/ops/users/search',
    { onRequest: guard.read, schema: schemas.searchUsers },
    async (request) => searchUsers(ctx, request.query.q, request.query.limit),
  )

  app.get('/ops/users/:id', { onRequest: guard.read, schema: schemas.user }, async (request) =>
    lookUpUserById(ctx, request.params.id),
  )

  app.post(
    '/ops/users/:id/moderation',
    { onRequest: guard.write, schema: schemas.moderation },
    async (request, reply) =>
      runConsoleAction(
        ctx,
        request,
        reply,
        {
          route: 'ops:user.moderate',
          userId: () => userOwner(ctx, request.params.id),
          body: { id: request.params.id, ...request.body },
        },
        (keyed) =>
          moderateUser(
            keyed,
            actorOf(request),
            request.params.id,
            request.body,
            request.body.reason,
          ),
      ),
  )

  app.post(
    '/ops/users/:id/adjustments',
    { onRequest: guard.write, schema: schemas.adjustment },
    async (request, reply) =>
      runConsoleAction(
        ctx,
        request,
        reply,
        {
          route: 'ops:user.adjust',
          userId: () => userOwner(ctx, request.params.id),
          body: { id: request.params.id, ...request.body },
        },
        (keyed) =>
          adjustBalance(
            keyed,
            actorOf(request),
            request.params.id,
            request.body.coins,
            request.body.reason,
          ),
      ),
  )
}
