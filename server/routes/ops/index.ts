/**
 * The console's API under `/api/v1/ops/` (docs/product.md#operators): login, logout and the session's operator
 * here; the queues, users, payouts, content, rules and audit routes in the files beside it, and
 * liveness/readiness. Handlers only translate HTTP to server/ops; every route but login goes
 * through `operatorGuard`.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { opsRoutes as schemas } from '../../../contract/api/ops.ts'
import { appContext } from '../../context.ts'
import { changeOperatorPassword } from '../../ops/operators.ts'
import { loginOperator, revokeOperatorSession } from '../../ops/operator-sessions.ts'
import { writeAudit } from '../../ops/audit.ts'
import { actorOf, operatorGuard } from './guard.ts'
import healthRoutes from './health.ts'
import opsUserRoutes from './users.ts'
import opsPayoutRoutes from './payouts.ts'
import opsContentRoutes from './content.ts'
import opsQueueRoutes from './queues.ts'
import opsRulesRoutes from './rules.ts'
import opsAuditRoutes from './audit.ts'
import liveRules from '../../ops/live-rules-plugin.ts'

/** 10 login tries per minute per IP unless `config.authRateLimit` says otherwise. */
const LOGIN_RATE_LIMIT = { max: 10, timeWindowMs: 60_000 }

export default async function opsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  const guard = operatorGuard(app)
  const limit = app.config.authRateLimit ?? LOGIN_RATE_LIMIT
  app.decorateRequest('operator', null)
  await app.register(healthRoutes)
  // Every instance follows the rules operators save (docs/product.md#rules), console in use or not.
  await app.register(liveRules)
  await app.register(opsUserRoutes)
  await app.register(opsPayoutRoutes)
  await app.register(opsContentRoutes)
  await app.register(opsQueueRoutes)
  await app.register(opsRulesRoutes)
  await app.register(opsAuditRoutes)

  app.post(
    '/ops/login',
    {
      config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
      schema: schemas.login,
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

  app.post('/ops/logout', { onRequest: guard.read, schema: schemas.logout }, async (request) => {
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

  app.post(
    '/ops/password',
    { onRequest: guard.read, schema: schemas.password },
    async (request) => {
      const actor = actorOf(request)
      await changeOperatorPassword(
        app.db,
        actor.operatorId ?? 0,
        request.body.current_password,
        request.body.new_password,
      )
      await writeAudit(
        app.db,
        actor,
        { action: 'operator.password', entity: 'operators', entityId: actor.operatorId },
        ctx.now(),
      )
      return { message: 'Password changed.' }
    },
  )

  app.get('/ops/me', { onRequest: guard.read, schema: schemas.me }, async (request) => {
    const op = request.operator
    return {
      operator: op && {
        id: op.id,
        email: op.email,
        role: op.role,
        password_must_change: op.password_must_change,
      },
    }
  })
}
