/**
 * The console's queues (DECISIONS §4, §8): open orders with confirm/reject and withdrawals by due
 * date with pay/fail, filtered and paged; actions need the operator role.
 */
import { approveHeldWithdrawal, rejectHeldWithdrawal } from '../../ops/withdrawal-review.ts'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { opsRoutes as schemas } from '../../../contract/api/ops.ts'
import { appContext } from '../../context.ts'
import { listOrderQueue, listWithdrawalQueue } from '../../ops/queues.ts'
import {
  confirmOrderAsOperator,
  failWithdrawalAsOperator,
  payWithdrawalAsOperator,
  rejectOrderAsOperator,
} from '../../ops/operator-actions.ts'
import { actorOf, operatorGuard } from './guard.ts'

export default async function opsQueueRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  const guard = operatorGuard(app)

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
    async (request) =>
      confirmOrderAsOperator(
        ctx,
        actorOf(request),
        request.params.orderId,
        request.body.upi_reference,
        request.body.reason,
      ),
  )

  app.post(
    '/ops/orders/:orderId/reject',
    { onRequest: guard.write, schema: schemas.rejectOrder },
    async (request) =>
      rejectOrderAsOperator(ctx, actorOf(request), request.params.orderId, request.body.reason),
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
    async (request) =>
      payWithdrawalAsOperator(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.upi_reference,
        request.body.reason,
      ),
  )

  app.post(
    '/ops/withdrawals/:id/approve',
    { onRequest: guard.write, schema: schemas.approveWithdrawal },
    async (request) =>
      approveHeldWithdrawal(ctx, actorOf(request), request.params.id, request.body.reason),
  )

  app.post(
    '/ops/withdrawals/:id/reject',
    { onRequest: guard.write, schema: schemas.rejectWithdrawal },
    async (request) =>
      rejectHeldWithdrawal(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.reason,
        request.body.forfeit === true,
      ),
  )

  app.post(
    '/ops/withdrawals/:id/fail',
    { onRequest: guard.write, schema: schemas.failWithdrawal },
    async (request) =>
      failWithdrawalAsOperator(ctx, actorOf(request), request.params.id, request.body.reason),
  )
}
