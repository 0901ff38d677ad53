/**
 * The console's queues (docs/product.md#transparency, #operators): open orders with confirm/reject and withdrawals by due
 * date with pay/fail, filtered and paged; actions need the operator role and run once per
 * Idempotency-Key (keyed.ts).
 */
import { approveHeldWithdrawal, rejectHeldWithdrawal } from '../../ops/withdrawal-review.ts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { opsRoutes as schemas } from '../../../contract/api/ops.ts'
import { appContext, type AppContext } from '../../context.ts'
import { listOrderQueue, listWithdrawalQueue } from '../../ops/queues.ts'
import {
  confirmOrderAsOperator,
  failWithdrawalAsOperator,
  payWithdrawalAsOperator,
  rejectOrderAsOperator,
} from '../../ops/operator-actions.ts'
import { orderOwner, withdrawalOwner } from '../../ops/action-owner.ts'
import { actorOf, operatorGuard } from './guard.ts'
import { runConsoleAction } from './keyed.ts'

export default async function opsQueueRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  const guard = operatorGuard(app)
  /** Runs `run` once per Idempotency-Key, filed under order `orderId`'s owner (runConsoleAction). */
  const onOrder = <T>(
    request: FastifyRequest & { params: { orderId: string }; body: object },
    reply: FastifyReply,
    route: string,
    run: (keyed: AppContext) => Promise<T>,
  ) =>
    runConsoleAction(
      ctx,
      request,
      reply,
      {
        route,
        userId: () => orderOwner(ctx, request.params.orderId),
        body: { order_id: request.params.orderId, ...request.body },
      },
      run,
    )
  /** Runs `run` once per Idempotency-Key, filed under withdrawal `id`'s owner (runConsoleAction). */
  const onWithdrawal = <T>(
    request: FastifyRequest & { params: { id: number }; body: object },
    reply: FastifyReply,
    route: string,
    run: (keyed: AppContext) => Promise<T>,
  ) =>
    runConsoleAction(
      ctx,
      request,
      reply,
      {
        route,
        userId: () => withdrawalOwner(ctx, request.params.id),
        body: { id: request.params.id, ...request.body },
      },
      run,
    )

  app.get('/ops/orders', { onRequest: guard.read, schema: schemas.orders }, async (request) => {
    const q = request.query
    return listOrderQueue(ctx, {
      status: q.status,
      purpose: q.purpose,
      withUtr: q.with_utr,
      q: q.q,
      limit: q.limit,
      after: q.after,
    })
  })

  app.post(
    '/ops/orders/:orderId/confirm',
    { onRequest: guard.write, schema: schemas.confirmOrder },
    async (request, reply) =>
      onOrder(request, reply, 'ops:order.confirm', (keyed) =>
        confirmOrderAsOperator(
          keyed,
          actorOf(request),
          request.params.orderId,
          request.body.upi_reference,
          request.body.reason,
        ),
      ),
  )

  app.post(
    '/ops/orders/:orderId/reject',
    { onRequest: guard.write, schema: schemas.rejectOrder },
    async (request, reply) =>
      onOrder(request, reply, 'ops:order.reject', (keyed) =>
        rejectOrderAsOperator(keyed, actorOf(request), request.params.orderId, request.body.reason),
      ),
  )

  app.get(
    '/ops/withdrawals',
    { onRequest: guard.read, schema: schemas.withdrawals },
    async (request) => {
      const q = request.query
      return listWithdrawalQueue(ctx, {
        status: q.status,
        overdueOnly: q.overdue,
        q: q.q,
        limit: q.limit,
        after: q.after,
      })
    },
  )

  app.post(
    '/ops/withdrawals/:id/pay',
    { onRequest: guard.write, schema: schemas.payWithdrawal },
    async (request, reply) =>
      onWithdrawal(request, reply, 'ops:withdrawal.pay', (keyed) =>
        payWithdrawalAsOperator(
          keyed,
          actorOf(request),
          request.params.id,
          request.body.upi_reference,
          request.body.reason,
        ),
      ),
  )

  app.post(
    '/ops/withdrawals/:id/approve',
    { onRequest: guard.write, schema: schemas.approveWithdrawal },
    async (request, reply) =>
      onWithdrawal(request, reply, 'ops:withdrawal.approve', (keyed) =>
        approveHeldWithdrawal(keyed, actorOf(request), request.params.id, request.body.reason),
      ),
  )

  app.post(
    '/ops/withdrawals/:id/reject',
    { onRequest: guard.write, schema: schemas.rejectWithdrawal },
    async (request, reply) =>
      onWithdrawal(request, reply, 'ops:withdrawal.reject', (keyed) =>
        rejectHeldWithdrawal(
          keyed,
          actorOf(request),
          request.params.id,
          request.body.reason,
          request.body.forfeit === true,
        ),
      ),
  )

  app.post(
    '/ops/withdrawals/:id/fail',
    { onRequest: guard.write, schema: schemas.failWithdrawal },
    async (request, reply) =>
      onWithdrawal(request, reply, 'ops:withdrawal.fail', (keyed) =>
        failWithdrawalAsOperator(keyed, actorOf(request), request.params.id, request.body.reason),
      ),
  )
}
