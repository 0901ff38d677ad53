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
  /**
   * A console action's runner for one kind of row: `row` names the row's owner (the key is filed
   * under that user) and its id, which leads the body the key is checked against; the runner runs
   * `run` once per Idempotency-Key (runConsoleAction).
   */
  const keyedOn =
    <R extends FastifyRequest & { body: object }>(
      row: (request: R) => { owner: () => Promise<number>; id: object },
    ) =>
    <T>(request: R, reply: FastifyReply, route: string, run: (keyed: AppContext) => Promise<T>) => {
      const { owner, id } = row(request)
      return runConsoleAction(
        ctx,
        request,
        reply,
        { route, userId: owner, body: { ...id, ...request.body } },
        run,
      )
    }
  const onOrder = keyedOn((r: FastifyRequest & { params: { orderId: string }; body: object }) => ({
    owner: () => orderOwner(ctx, r.params.orderId),
    id: { order_id: r.params.orderId },
  }))
  const onWithdrawal = keyedOn((r: FastifyRequest & { params: { id: number }; body: object }) => ({
    owner: () => withdrawalOwner(ctx, r.params.id),
    id: { id: r.params.id },
  }))

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
