/** The console's videos and plans (docs/product.md#operators): list, create, edit (operators only). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { opsContentRoutes as schemas } from '../../../contract/api/ops-content.ts'
import { appContext } from '../../context.ts'
import { listPlans, listVideos, savePlan, saveVideo } from '../../ops/content.ts'
import { actorOf, operatorGuard } from './guard.ts'

export default async function opsContentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  const guard = operatorGuard(app)

  app.get('/ops/videos', { onRequest: guard.read, schema: schemas.videos }, async () => ({
    rows: await listVideos(app.db),
  }))
  app.post(
    '/ops/videos',
    { onRequest: guard.write, schema: schemas.createVideo },
    async (request) => saveVideo(app.db, actorOf(request), null, request.body, ctx.now()),
  )
  app.patch(
    '/ops/videos/:id',
    { onRequest: guard.write, schema: schemas.editVideo },
    async (request) =>
      saveVideo(app.db, actorOf(request), request.params.id, request.body, ctx.now()),
  )

  app.get('/ops/plans', { onRequest: guard.read, schema: schemas.plans }, async () => ({
    rows: await listPlans(app.db),
  }))
  app.post('/ops/plans', { onRequest: guard.write, schema: schemas.createPlan }, async (request) =>
    savePlan(app.db, actorOf(request), null, request.body, ctx.now()),
  )
  app.patch(
    '/ops/plans/:id',
    { onRequest: guard.write, schema: schemas.editPlan },
    async (request) =>
      savePlan(app.db, actorOf(request), request.params.id, request.body, ctx.now()),
  )
}
