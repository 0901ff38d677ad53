/**
 * The console's API under `/api/v1/ops/` (issue 17; DECISIONS §8): login and logout, the order
 * and withdrawal queues with their actions, and the audit trail. Handlers only translate HTTP to
 * server/ops; every route but login goes through `operatorGuard`.
 */
import type { FastifyInstance } from 'fastify'
import { contextOf } from '../../earning/context.ts'
import { loginOperator, revokeOperatorSession } from '../../ops/operators.ts'
import { auditCsv, listAudit, writeAudit, type AuditFilter } from '../../ops/audit.ts'
import {
  confirmOrderAsOperator,
  failWithdrawalAsOperator,
  listOrderQueue,
  listWithdrawalQueue,
  payWithdrawalAsOperator,
  rejectOrderAsOperator,
  type OrderQueueFilter,
  type WithdrawalQueueFilter,
} from '../../ops/queues.ts'
import { actorOf, operatorGuard } from './guard.ts'
import healthRoutes from './health.ts'
import opsUserRoutes from './users.ts'
import opsPayoutRoutes from './payouts.ts'
import opsContentRoutes from './content.ts'
import liveRules from '../../plugins/live-rules.ts'
import {
  EDITABLE_NUMBERS,
  EDITABLE_SWITCHES,
  rulesHistory,
  updateRules,
} from '../../ops/live-rules.ts'

/** 10 login tries per minute per IP unless `config.authRateLimit` says otherwise. */
const LOGIN_RATE_LIMIT = { max: 10, timeWindowMs: 60_000 }

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

const auditQuery = {
  type: 'object',
  properties: {
    action: { type: 'string', maxLength: 64 },
    entity: { type: 'string', maxLength: 64 },
    entity_id: { type: 'string', maxLength: 64 },
    actor: { type: 'string', maxLength: 154 },
    before_id: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
  },
} as const

type AuditQuery = {
  action?: string
  entity?: string
  entity_id?: string
  actor?: string
  before_id?: number
  limit?: number
}

function auditFilter(q: AuditQuery): AuditFilter {
  return {
    action: q.action,
    entity: q.entity,
    entityId: q.entity_id,
    actor: q.actor,
    beforeId: q.before_id,
    limit: q.limit,
  }
}

export default async function opsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = contextOf(app)
  const guard = operatorGuard(app)
  const limit = app.config.authRateLimit ?? LOGIN_RATE_LIMIT
  app.decorateRequest('operator', null)
  await app.register(healthRoutes)
  // Every instance follows the rules operators save (DECISIONS §3), console in use or not.
  await app.register(liveRules)
  await app.register(opsUserRoutes)
  await app.register(opsPayoutRoutes)
  await app.register(opsContentRoutes)

  app.post<{ Body: { email: string; password: string; totp: string } }>(
    '/ops/login',
    {
      config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password', 'totp'],
          properties: {
            email: { type: 'string', maxLength: 154 },
            password: { type: 'string', maxLength: 200 },
            totp: { type: 'string', maxLength: 10 },
          },
        },
      },
    },
    async (request) => {
      const session = await loginOperator(app.db, request.body, { now: ctx.now(), ip: request.ip })
      const op = session.operator
      await writeAudit(
        app.db,
        { operatorId: op.id, actor: op.email, ip: request.ip },
        { action: 'operator.login', entity: 'operators', entityId: op.id },
        ctx.now(),
      )
      return session
    },
  )

  app.post('/ops/logout', { preHandler: guard.read }, async (request) => {
    await revokeOperatorSession(app.db, request.operator?.sessionId ?? 0, ctx.now())
    const actor = actorOf(request)
    await writeAudit(
      app.db,
      actor,
      { action: 'operator.logout', entity: 'operators', entityId: actor.operatorId },
      ctx.now(),
    )
    return { message: 'Logged out.' }
  })

  app.get('/ops/me', { preHandler: guard.read }, async (request) => {
    const op = request.operator
    return { operator: op && { id: op.id, email: op.email, role: op.role } }
  })

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

  app.get('/ops/rules', { preHandler: guard.read }, async () => ({
    rules: app.config.rules,
    editable: { numbers: EDITABLE_NUMBERS, switches: EDITABLE_SWITCHES },
    history: await rulesHistory(app.db),
  }))

  app.put<{ Body: { rules: Record<string, unknown>; reason: string } }>(
    '/ops/rules',
    {
      preHandler: guard.write,
      schema: {
        body: {
          type: 'object',
          required: ['rules', 'reason'],
          properties: { rules: { type: 'object' }, reason: { type: 'string', maxLength: 500 } },
        },
      },
    },
    async (request) => {
      const saved = await updateRules(
        app.db,
        app.engine,
        app.config.rules,
        actorOf(request),
        request.body.rules,
        request.body.reason,
        ctx.now(),
      )
      await app.refreshRules()
      return { id: saved.id, rules: app.config.rules }
    },
  )

  app.get<{ Querystring: AuditQuery }>(
    '/ops/audit',
    { preHandler: guard.read, schema: { querystring: auditQuery } },
    async (request) => ({ rows: await listAudit(app.db, auditFilter(request.query)) }),
  )

  app.get<{ Querystring: AuditQuery }>(
    '/ops/audit.csv',
    {
      preHandler: guard.read,
      schema: {
        querystring: {
          ...auditQuery,
          properties: {
            ...auditQuery.properties,
            limit: { type: 'integer', minimum: 1, maximum: 10_000 },
          },
        },
      },
    },
    async (request, reply) => {
      const rows = await listAudit(app.db, {
        ...auditFilter(request.query),
        limit: request.query.limit ?? 10_000,
      })
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="audit.csv"')
        .send(auditCsv(rows))
    },
  )
}
