/** `GET /healthz` (200 once the database answers) and `GET /config/` (the rules, DECISIONS §3). */
import type { FastifyInstance } from 'fastify'
import { isDatabaseReachable } from '../db/index.ts'

export default async function systemRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    const ok = await isDatabaseReachable(app.db)
    return reply
      .status(ok ? 200 : 503)
      .send(ok ? { status: 'ok', engine: app.engine } : { message: 'Database unreachable.', code: 'DB_DOWN' })
  })

  app.get('/config/', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache')
    return {
      rules: app.config.rules,
      play_store_url: app.config.playStoreUrl,
      payment_provider: app.config.paymentProvider,
    }
  })
}
