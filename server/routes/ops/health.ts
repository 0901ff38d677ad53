/**
 * Liveness and readiness for load balancers and orchestrators (docs/product.md#operators): `GET /livez` answers
 * 200 while the process serves requests; `GET /readyz` answers 200 when the database answers, else
 * 503 with the failing checks. With REDIS_URL set it reports Redis too: `ok` when it answers PING
 * within 200 ms, else `degraded`, and the instance stays ready: Redis is optional at run time, the
 * rate limits then count per instance (server/plugins/rate-limit.ts; docs/product.md#scale). 503
 * DRAINING once a graceful stop began (server/start.ts), so a load balancer takes the instance out
 * before it stops accepting connections.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { systemRoutes as schemas } from '../../../contract/api/system.ts'
import { Redis } from 'ioredis'
import { REDIS_COMMAND_TIMEOUT_MS } from '../../plugins/rate-limit.ts'

const CHECK_TIMEOUT_MS = 2000

/** Resolves `promise`, or false after `ms` milliseconds. */
function within(promise: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export default async function healthRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, {
        lazyConnect: true,
        connectTimeout: CHECK_TIMEOUT_MS,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
      })
    : undefined
  // A failed check reports degraded; the rate-limit plugin logs the outage once.
  redis?.on('error', () => {})
  if (redis) app.addHook('onClose', async () => void redis.disconnect())

  app.get('/livez', { schema: schemas.livez }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
    return { status: 'ok' as const }
  })

  app.get('/readyz', { schema: schemas.readyz }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
    const checks: Record<string, 'ok' | 'down' | 'degraded'> = {}
    checks.database = (await within(app.databaseReachable(), CHECK_TIMEOUT_MS)) ? 'ok' : 'down'
    if (redis) {
      const ping = async () => {
        if (redis.status === 'wait' || redis.status === 'end') await redis.connect()
        return (await redis.ping()) === 'PONG'
      }
      checks.redis = (await within(
        ping().catch(() => false),
        REDIS_COMMAND_TIMEOUT_MS,
      ))
        ? 'ok'
        : 'degraded'
    }
    if (app.draining) {
      return reply
        .status(503)
        .send({ message: 'Draining: this instance is stopping.', code: 'DRAINING', checks })
    }
    const ready = Object.values(checks).every((c) => c !== 'down')
    return reply
      .status(ready ? 200 : 503)
      .send(
        ready
          ? { status: 'ready' as const, checks }
          : { message: 'Not ready.', code: 'NOT_READY', checks },
      )
  })
}
