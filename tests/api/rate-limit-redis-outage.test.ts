// Redis is optional at run time (docs/product.md#scale), on both engines: with a redis-server this
// test starts on a free port of its own, the login limit counts in Redis; killed mid-test, logins
// answer no 5xx and the limit still applies (per instance), readyz stays 200 with redis degraded
// and the metrics say so once; started again, the counters are shared in Redis again.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Redis } from 'ioredis'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'

const LOGIN = '/api/v1/user/login/'
const METRICS_TOKEN = 'redis-outage-metrics'

/** A TCP port free right now on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as net.AddressInfo
  server.close()
  await once(server, 'close')
  return port
}

/** Starts redis-server on `port` (nothing saved) and resolves once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let output = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)))
  })
  return child
}

/** Kills `child` and resolves once it has exited. */
async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGKILL')
  await exited
}

describe.each(ENGINES)('rate limits through a Redis outage on %s', (engine) => {
  let port = 0
  let redis: ChildProcess
  let probe: Redis
  beforeAll(async () => {
    port = await freePort()
    redis = await startRedis(port)
    probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 })
    probe.on('error', () => {}) // the probe reads keys only while Redis is up
  })
  afterAll(async () => {
    probe?.disconnect()
    if (redis) await kill(redis)
  })

  const api = withApi(engine, {
    // The URL is read when the app is built, after beforeAll above has chosen the port.
    get redisUrl() {
      return `redis://127.0.0.1:${port}`
    },
    authRateLimit: { max: 3, timeWindowMs: 60_000 },
    metricsToken: METRICS_TOKEN,
  })

  let n = 0
  /** A wrong login (an address with no account, new each time) from `ip`: its status. */
  const wrongLogin = async (ip: string) =>
    (
      await api.call('POST', LOGIN, {
        body: { email: `nobody.${engine}.${n++}@example.com`, password: '1234' },
        ip,
      })
    ).status
  const fourLogins = async (ip: string) => [
    await wrongLogin(ip),
    await wrongLogin(ip),
    await wrongLogin(ip),
    await wrongLogin(ip),
  ]
  /** The shared counters Redis holds for `ip`. */
  const sharedCounters = async (ip: string) => probe.keys(`watch-earn-rl:*${ip}`)
  const metric = async (name: string) => {
    const res = await api.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    return Number(res.body.match(new RegExp(`^${name} (\\d+)$`, 'm'))?.[1])
  }

  it('limits in Redis, per instance while Redis is down (no 5xx), and in Redis again once it is back', async () => {
    await probe.connect()
    expect(await fourLogins('10.7.0.1')).toEqual([401, 401, 401, 429])
    expect(await sharedCounters('10.7.0.1')).toHaveLength(1)
    expect(await metric('watch_earn_redis_degraded')).toBe(0)

    await kill(redis)
    expect(await fourLogins('10.7.0.2')).toEqual([401, 401, 401, 429])
    const ready = await api.call('GET', '/api/v1/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'degraded' } })
    expect(await metric('watch_earn_redis_degraded')).toBe(1)
    expect(await fourLogins('10.7.0.3')).toEqual([401, 401, 401, 429])
    expect(await metric('watch_earn_redis_outages_total')).toBe(1)

    redis = await startRedis(port)
    await vi.waitFor(async () => expect(await metric('watch_earn_redis_degraded')).toBe(0), {
      timeout: 15_000,
      interval: 100,
    })
    expect(await fourLogins('10.7.0.4')).toEqual([401, 401, 401, 429])
    await vi.waitFor(async () => expect(await sharedCounters('10.7.0.4')).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    })
    // readyz probes Redis on its own: once Redis is back it says so within seconds.
    await vi.waitFor(
      async () => {
        const back = await api.call('GET', '/api/v1/readyz')
        expect(back.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } })
      },
      { timeout: 10_000, interval: 100 },
    )
  })
})
