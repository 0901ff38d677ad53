/**
 * The console's queues (issue 17; DECISIONS §4, §8): open orders with confirm/reject and
 * withdrawals by due date with pay/fail, filtered and paged; actions need the operator role.
 */
import type { FastifyInstance } from 'fastify'
import { appContext } from '../../context.ts'
import {
  listOrderQueue,
  listWithdrawalQueue,
  type OrderQueueFilter,
  type WithdrawalQueueFilter,
} from '../../ops/queues.ts'
import {
  confirmOrderAsOperator,
  failWithdrawalAsOperator,
  payWithdrawalAsOperator,
  rejectOrderAsOperator,
} from '../../ops/operator-actions.ts'
import { actorOf, operatorGuard } from './guard.ts'

const pageQuery = {
  limit: { type: 'integer', minimum: 1, maximum: 200 },
  offset: { type: 'integer', minimum: 0 },
  q: { type: 'string', maxLength: 154 },
} as const

const referenceBody = {
  type: 'object',
  required: ['upi_reference'],
  properties: {
    upi_reference: { type: 'string', maxLength: 64 },
    reason: { type: 'string', maxLength: 500 },
  },
} as const

const reasonBody = {
  type: 'object',
  required: ['reason'],
  properties: { reason: { type: 'string', maxLength: 500 } },
} as const

export default async function opsQueueRoutes(app: FastifyInstance): Promise<void> {
  const ctx = appContext(app)
  const guard = operatorGuard(app)

  app.get<{
    Querystring: {
      status?: string
      purpose?: string
      with_utr?: boolean
      limit?: number
      offset?: number
      q?: string
    }
  }>(
    '/ops/orders',
    {
      preHandler: guard.read,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pageQuery,
            status: { enum: ['pending', 'confirmed', 'rejected', 'cancelled', 'all'] },
            purpose: { enum: ['membership', 'platform_fee'] },
            with_utr: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      const q = request.query
      return listOrderQueue(ctx, {
        status: q.status as OrderQueueFilter['status'],
        purpose: q.purpose as OrderQueueFilter['purpose'],
        withUtr: q.with_utr,
        q: q.q,
        limit: q.limit,
        offset: q.offset,
      })
    },
  )

  app.post<{ Params: { orderId: string }; Body: { upi_reference: string; reason?: string } }>(
    '/ops/orders/:orderId/confirm',
    { preHandler: guard.write, schema: { body: referenceBody } },
    async (request) =>
      confirmOrderAsOperator(
        ctx,
        actorOf(request),
        request.params.orderId,
        request.body.upi_reference,
        request.body.reason,
      ),
  )

  app.post<{ Params: { orderId: string }; Body: { reason: string } }>(
    '/ops/orders/:orderId/reject',
    { preHandler: guard.write, schema: { body: reasonBody } },
    async (request) =>
      rejectOrderAsOperator(ctx, actorOf(request), request.params.orderId, request.body.reason),
  )

  app.get<{
    Querystring: { status?: string; overdue?: boolean; limit?: number; offset?: number; q?: string }
  }>(
    '/ops/withdrawals',
    {
      preHandler: guard.read,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pageQuery,
            status: { enum: ['requested', 'paid', 'failed', 'all'] },
            overdue: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      const q = request.query
      return listWithdrawalQueue(ctx, {
        status: q.status as WithdrawalQueueFilter['status'],
        overdueOnly: q.overdue,
        q: q.q,
        limit: q.limit,
        offset: q.offset,
      })
    },
  )

  app.post<{ Params: { id: string }; Body: { upi_reference: string; reason?: string } }>(
    '/ops/withdrawals/:id/pay',
    { preHandler: guard.write, schema: { body: referenceBody } },
    async (request) =>
      payWithdrawalAsOperator(
        ctx,
        actorOf(request),
        Number(request.params.id),
        request.body.upi_reference,
        request.body.reason,
      ),
  )

  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    '/ops/withdrawals/:id/fail',
    { preHandler: guard.write, schema: { body: reasonBody } },
    async (request) =>
      failWithdrawalAsOperator(
        ctx,
        actorOf(request),
        Number(request.params.id),
        request.body.reason,
      ),
  )
}
