/** The console's audit trail (issue 17; DECISIONS §8): newest first, filtered, and as CSV. */
import type { FastifyInstance } from 'fastify'
import { auditCsv, listAudit, type AuditFilter } from '../../ops/audit.ts'
import { operatorGuard } from './guard.ts'

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

export default async function opsAuditRoutes(app: FastifyInstance): Promise<void> {
  const guard = operatorGuard(app)

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
