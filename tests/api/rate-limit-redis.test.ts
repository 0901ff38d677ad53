/**
 * At scale the API is stateless (docs/product.md#system): with REDIS_URL set, the per-IP rate-limit counters
 * live in Redis (127.0.0.1:6379 here), so two API instances share them.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const LIMIT = { max: 3, timeWindowMs: 60_000 }

async function instance(redisUrl?: string): Promise<FastifyInstance> {
  const app = await buildApp({
    databaseUrl: 'file::memory:',
    logLevel: 'silent',
    staticDir: undefined,
    authRateLimit: LIMIT,
    redisUrl,
  })
  await app.ready()
  return app
}

/** A wrong login from `ip` (an inject label, no traffic leaves the process). */
async function wrongLogin(app: FastifyInstance, ip: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/user/login/',
    payload: { email: 'nobody@example.com', login_type: 'email', password: '1234' },
    remoteAddress: ip,
  })
  return res.statusCode
}

/** A fresh client address per run, so counters left in Redis by an earlier run never count. */
const freshIp = () => `127.1.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`

describe('rate limits shared through Redis', () => {
  const apps: FastifyInstance[] = []
  beforeAll(async () => {
    apps.push(await instance(REDIS_URL), await instance(REDIS_URL))
    apps.push(await instance(), await instance())
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
  })

  it('counts one client across two instances when REDIS_URL is set', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance]
    const ip = freshIp()
    const statuses = [
      await wrongLogin(a, ip),
      await wrongLogin(b, ip),
      await wrongLogin(a, ip),
      await wrongLogin(b, ip),
    ]
    expect(statuses).toEqual([401, 401, 401, 429])
  })

  it('counts per instance without Redis, so the same four calls are not limited', async () => {
    const [, , c, d] = apps as [FastifyInstance, FastifyInstance, FastifyInstance, FastifyInstance]
    const ip = freshIp()
    const statuses = [
      await wrongLogin(c, ip),
      await wrongLogin(d, ip),
      await wrongLogin(c, ip),
      await wrongLogin(d, ip),
    ]
    expect(statuses).toEqual([401, 401, 401, 401])
  })
})
