/**
 * Starts the product: the API and the built PWA on one port (DECISIONS §1–2), closing cleanly on
 * SIGINT and SIGTERM. Used by `npm run server` (server/index.ts) and scripts/start.mjs (`npm start`).
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'

/** Builds the app, listens on the configured port (all interfaces) and returns it; rejects if it cannot listen. */
export async function startServer(): Promise<FastifyInstance> {
  const app = await buildApp()
  const close = async () => {
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', close)
  process.on('SIGTERM', close)
  await app.listen({ port: app.config.port, host: '0.0.0.0' })
  return app
}
