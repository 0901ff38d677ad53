/**
 * Starts the product: the API and the built PWA on one port (docs/product.md#system, #configuration). Used by `npm run
 * server` (server/index.ts), scripts/start.mjs (`npm start`) and each instance of `npm run cluster`.
 *
 * SIGINT stops at once. SIGTERM stops gracefully, as a load balancer needs (docs/operations.md,
 * "Several instances"): `/readyz` answers 503 DRAINING for `DRAIN_SECONDS`, so the balancer's
 * health check takes the instance out while it still serves what it is sent; then the server
 * stops accepting connections, lets the requests in flight finish, closes the database and exits.
 */
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'

/** Builds the app, listens on the configured host and port and returns it; rejects if it cannot listen. */
export async function startServer(): Promise<FastifyInstance> {
  const app = await buildApp()
  let stopping = false
  const stop = (drainMs: number) => async () => {
    if (stopping) return
    stopping = true
    app.draining = true
    if (drainMs > 0) {
      app.log.info({ drainMs }, 'draining: /readyz answers 503 before the server stops')
      await new Promise((resolve) => setTimeout(resolve, drainMs))
    }
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', stop(0))
  process.on('SIGTERM', stop(app.config.drainSeconds * 1000))
  await app.listen({ port: app.config.port, host: app.config.host })
  return app
}
