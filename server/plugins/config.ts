/** Decorates the app with its runtime configuration (DECISIONS §2). */
import type { AppConfig } from '../config.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
  }
}
