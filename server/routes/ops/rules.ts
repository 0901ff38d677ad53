/** The console's live rules (docs/product.md#rules): read with their history, save a version. */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { opsContentRoutes as schemas } from '../../../contract/api/ops-content.ts'
import { appContext } from '../../context.ts'
import {
  EDITABLE_NUMBERS,
  EDITABLE_RISK,
  EDITABLE_SWITCHES,
  rulesHistory,
  updateRules,
} from '../../ops/live-rules.ts'
import { actorOf, operatorGuard } from './guard.ts'

export default async function opsRulesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  const guard = operatorGuard(app)

  app.get('/ops/rules', { onRequest: guard.read, schema: schemas.rules }, async () => ({
    rules: { ...app.config.rules, ...app.config.risk },
    editable: { numbers: { ...EDITABLE_NUMBERS, ...EDITABLE_RISK }, switches: EDITABLE_SWITCHES },
    history: await rulesHistory(app.db),
  }))

  app.put('/ops/rules', { onRequest: guard.write, schema: schemas.saveRules }, async (request) => {
    const saved = await updateRules(
      app.db,
      ctx.dialect,
      { ...app.config.rules, ...app.config.risk },
      actorOf(request),
      request.body.rules,
      request.body.reason,
      ctx.now(),
    )
    await app.refreshRules()
    return { id: saved.id, rules: { ...app.config.rules, ...app.config.risk } }
  })
}
