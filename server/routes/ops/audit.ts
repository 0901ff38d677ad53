/** The console's audit trail (docs/product.md#operators): newest first, filtered, and as CSV. */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Static } from 'typebox'
import { opsContentRoutes as schemas } from '../../../contract/api/ops-content.ts'
import { auditCsv, exportAudit, listAudit, type AuditFilter } from '../../ops/audit.ts'
import { operatorGuard } from './guard.ts'

type AuditQuery = Static<typeof schemas.audit.querystring>

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

export default async function opsAuditRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const guard = operatorGuard(app)

  app.get('/ops/audit', { onRequest: guard.read, schema: schemas.audit }, async (request) => ({
    rows: await listAudit(app.db, auditFilter(request.query)),
  }))

  app.get(
    '/ops/audit.csv',
    { onRequest: guard.read, schema: schemas.auditCsv },
    async (request, reply) => {
      // Up to 10,000 rows.
      const rows = await exportAudit(app, {
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
