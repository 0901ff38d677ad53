/** `GET /healthz` (200 once the database answers) and `GET /config/` (the rules, docs/product.md#rules). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { systemRoutes as schemas } from '../../contract/api/system.ts'
import { servedRules } from '../earning/payout-time.ts'

export default async function systemRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/healthz', { schema: schemas.healthz }, async (_request, reply) => {
    const ok = await app.databaseReachable()
    return reply
      .status(ok ? 200 : 503)
      .send(
        ok
          ? { status: 'ok' as const, engine: app.engine }
          : { message: 'Database unreachable.', code: 'DB_DOWN' },
      )
  })

  app.get('/config/', { schema: schemas.config }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache')
    return {
      rules: await servedRules(app),
      play_store_url: app.config.playStoreUrl,
      payment_provider: app.config.paymentProvider,
    }
  })
}
