/**
 * Per-IP rate limits (docs/product.md#security). Off globally; routes opt in with
 * `config: { rateLimit: { max, timeWindow } }` (login, OTP, registration, reset). Counters live in
 * Redis when REDIS_URL is set, so every API instance shares them.
 *
 * Redis is optional at run time too (docs/product.md#scale): every Redis command is bounded (200 ms,
 * no offline queue, no retry), and while Redis does not answer each limit counts in this
 * instance's memory instead: never open, never a 500. The outage is logged once and shown by the
 * `watch_earn_redis_degraded` gauge and `watch_earn_redis_outages_total` counter
 * (server/plugins/metrics.ts, from `app.redisState`) and by readyz;
 * the shared counters are used again as soon as Redis is back (ioredis reconnects by itself).
 */
import { createRequire } from 'node:module'
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'

/** The longest any Redis command may take, in ms. */
export const REDIS_COMMAND_TIMEOUT_MS = 200

/** The longest a connection to Redis may take, in ms; an instance waits for it at start. */
const REDIS_CONNECT_TIMEOUT_MS = 2000

/** What the rate-limit plugin asks of a store (its own LocalStore and RedisStore have this shape). */
interface CounterStore {
  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void
  read?(key: string, cb: StoreCallback, timeWindow: number, max: number): void
  child(routeOptions: object): CounterStore
}
type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void
type StoreClass = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  ...rest: unknown[]
) => CounterStore

// The plugin's own stores (CommonJS files it does not export as types).
const require = createRequire(import.meta.url)
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass

/** Whether Redis answers, as the limits see it. */
export interface RedisState {
  /** True from a failed command until Redis answers again. */
  degraded: boolean
  /** Outages since start: times `degraded` became true. */
  outages: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Redis as the rate limits see it; undefined without REDIS_URL. */
    redisState?: RedisState
  }
}

/**
 * A store that counts in Redis while it answers and in this instance's memory while it does not.
 * `onFailure` is told of each failed Redis command, `onSuccess` of each answered one.
 */
class FallbackStore implements CounterStore {
  constructor(
    private readonly shared: CounterStore,
    private readonly local: CounterStore,
    private readonly redis: Redis,
    private readonly events: { onFailure(error: Error): void; onSuccess(): void },
  ) {}

  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void {
    this.run('incr', key, cb, timeWindow, max)
  }

  read(key: string, cb: StoreCallback, timeWindow: number, max: number): void {
    this.run('read', key, cb, timeWindow, max)
  }

  private run(
    method: 'incr' | 'read',
    key: string,
    cb: StoreCallback,
    timeWindow: number,
    max: number,
  ): void {
    const local = () => this.local[method]!(key, cb, timeWindow, max)
    // Not connected: no command is sent (it would fail at once, without an offline queue).
    if (this.redis.status !== 'ready') {
      this.events.onFailure(new Error(`Redis is ${this.redis.status}`))
      return local()
    }
    this.shared[method]!(
      key,
      (error, result) => {
        if (error || !result) {
          this.events.onFailure(error ?? new Error('Redis gave no answer'))
          return local()
        }
        this.events.onSuccess()
        cb(null, result)
      },
      timeWindow,
      max,
    )
  }

  child(routeOptions: object): CounterStore {
    return new FallbackStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.redis,
      this.events,
    )
  }
}

export default fp(async (app) => {
  if (!app.config.redisUrl) {
    await app.register(rateLimit, { global: false, errorResponseBuilder })
    return
  }
  const redis = new Redis(app.config.redisUrl, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnect for ever, at most every 2 s: the shared counters come back with Redis.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  const state: RedisState = { degraded: false, outages: 0 }
  const events = {
    onFailure(error: Error) {
      if (state.degraded) return
      state.degraded = true
      state.outages++
      app.log.error(
        { err: error },
        'Redis does not answer: rate limits count per instance until it is back',
      )
    },
    onSuccess() {
      if (!state.degraded) return
      state.degraded = false
      app.log.warn('Redis answers again: rate limits are shared again')
    },
  }
  // Connection errors are the outage above; ioredis would otherwise print each retry.
  redis.on('error', (error: Error) => events.onFailure(error))
  redis.on('ready', () => events.onSuccess())
  app.decorate('redisState', state)
  // The instance starts on the shared counters: it waits for the connection (at most its connect
  // timeout), so its first requests are not counted in its own memory while Redis still connects
  // (a client's tries on two new instances would then count apart). Redis down: it starts at once.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      redis.off('ready', done)
      redis.off('error', done)
      resolve()
    }
    const timer = setTimeout(done, REDIS_CONNECT_TIMEOUT_MS)
    redis.once('ready', done)
    redis.once('error', done)
  })

  const namespace = 'watch-earn-rl:'
  class Store extends FallbackStore {
    /** `options` are the plugin's global parameters (typed as an empty interface upstream). */
    constructor(options: object) {
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean
        exponentialBackoff?: boolean
      }
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, namespace),
        new LocalStore(continueExceeding, exponentialBackoff),
        redis,
        events,
      )
    }
  }
  await app.register(rateLimit, { global: false, store: Store, errorResponseBuilder })
  app.addHook('onClose', async () => void redis.disconnect())
})

/** The 429 body: `{ statusCode, code: RATE_LIMITED, message, retry_after_seconds }`. */
function errorResponseBuilder(_request: unknown, context: { statusCode: number; ttl: number }) {
  return {
    statusCode: context.statusCode,
    code: 'RATE_LIMITED',
    message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    retry_after_seconds: Math.ceil(context.ttl / 1000),
  }
}
