/** The console's live rules (issue 17; DECISIONS §3): read with their history, save a version. */
import type { FastifyInstance } from 'fastify'
import { appContext } from '../../context.ts'
import {
  EDITABLE_NUMBERS,
  EDITABLE_SWITCHES,
  rulesHistory,
  updateRules,
} from '../../ops/live-rules.ts'
import { actorOf, operatorGuard } from './guard.ts'

export default async function opsRulesRoutes(app: FastifyInstance): Promise<void> {
  const ctx = appContext(app)
  const guard = operatorGuard(app)

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
}
