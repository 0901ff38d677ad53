/** The console's videos and plans (issue 17; DECISIONS §8): list, create, edit (operators only). */
import type { FastifyInstance } from 'fastify'
import { appContext } from '../../context.ts'
import { listPlans, listVideos, savePlan, saveVideo } from '../../ops/content.ts'
import { actorOf, operatorGuard } from './guard.ts'

const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } } as const
const objectBody = { type: 'object' } as const

export default async function opsContentRoutes(app: FastifyInstance): Promise<void> {
  const ctx = appContext(app)
  const guard = operatorGuard(app)
  type Edit = { Params: { id: string }; Body: Record<string, unknown> }

  app.get('/ops/videos', { preHandler: guard.read }, async () => ({
    rows: await listVideos(app.db),
  }))
  app.post<{ Body: Record<string, unknown> }>(
    '/ops/videos',
    { preHandler: guard.write, schema: { body: objectBody } },
    async (request) => saveVideo(app.db, actorOf(request), null, request.body, ctx.now()),
  )
  app.patch<Edit>(
    '/ops/videos/:id',
    { preHandler: guard.write, schema: { params: idParams, body: objectBody } },
    async (request) =>
      saveVideo(app.db, actorOf(request), Number(request.params.id), request.body, ctx.now()),
  )

  app.get('/ops/plans', { preHandler: guard.read }, async () => ({ rows: await listPlans(app.db) }))
  app.post<{ Body: Record<string, unknown> }>(
    '/ops/plans',
    { preHandler: guard.write, schema: { body: objectBody } },
    async (request) => savePlan(app.db, actorOf(request), null, request.body, ctx.now()),
  )
  app.patch<Edit>(
    '/ops/plans/:id',
    { preHandler: guard.write, schema: { params: idParams, body: objectBody } },
    async (request) =>
      savePlan(app.db, actorOf(request), Number(request.params.id), request.body, ctx.now()),
  )
}
