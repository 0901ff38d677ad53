/** Decorates the app with its runtime configuration (docs/product.md#configuration) and its draining state. */
import type { AppConfig } from '../config.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    /** True once a graceful stop began (SIGTERM): `/readyz` answers 503 DRAINING. */
    draining: boolean
  }
}
