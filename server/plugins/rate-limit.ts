/**
 * Per-IP rate limits (DECISIONS §7). Off globally; routes opt in with
 * `config: { rateLimit: { max, timeWindow } }` (login, OTP, registration, reset). Counters live in
 * Redis when REDIS_URL is set, so every API instance shares them.
 */
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'

export default fp(async (app) => {
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
    : undefined
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'watch-earn-rl:',
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      retry_after_seconds: Math.ceil(context.ttl / 1000),
    }),
  })
  if (redis) app.addHook('onClose', async () => void redis.quit())
})
