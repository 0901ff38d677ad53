/**
 * `GET /metrics` in Prometheus text format (prom-client; docs/product.md#configuration, #operators), only with
 * `Authorization: Bearer METRICS_TOKEN`; with no METRICS_TOKEN configured it answers 404 as any
 * unknown path. Each app has its own registry (tests run several apps in one process).
 *
 * - `http_requests_total{method,route,status}`, `http_request_duration_seconds{method,route}`
 *   (the route pattern, so ids do not explode the label set);
 * - `watch_earn_ledger_coins{kind,status}`: the ledger's coin sums, kept by the ledger's writes
 *   (server/db/ledger-totals.ts), never summed from the ledger per scrape (docs/product.md#scale);
 * - `watch_earn_open_orders{with_utr}`, `watch_earn_requested_withdrawals`,
 *   `watch_earn_overdue_withdrawals`: the operators' queues;
 * - `watch_earn_redis_degraded` (1 while Redis does not answer) and `watch_earn_redis_outages_total`,
 *   with REDIS_URL set;
 * - `watch_earn_idempotent_requests_total{route}`: requests carrying an Idempotency-Key (the
 *   PWA's outbox sends and replays them); `watch_earn_outbox_replays_total{route}`: those whose
 *   key was stored before the request began (a replay, answered from the idempotency store);
 *   `watch_earn_idempotency_keys`: the keys stored (PostgreSQL: counted up to 10,000, above that
 *   the planner's estimate `pg_class.reltuples`, as counting millions per scrape took seconds).
 *
 * Every gauge reads a few rows or an index range (the open orders and requested withdrawals), so
 * a scrape costs the same at any size of the ledger and the key store.
 */
import crypto from 'node:crypto'
import fp from 'fastify-plugin'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { foldLedgerTotals, ledgerTotals } from '../db/ledger-totals.ts'
import { countIdempotencyKeys } from '../db/table-counts.ts'
import type { ReplayNote } from '../context.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** A keyed request's replay note, which `runIdempotent` marks (null: no Idempotency-Key). */
    replayNote: ReplayNote | null
  }
}

/** Below this many idempotency keys the gauge counts them; above, PostgreSQL estimates. */
const EXACT_COUNT_LIMIT = 10_000

/** Compares two strings in constant time (for the bearer token). */
function sameText(a: string, b: string): boolean {
  const x = crypto.createHash('sha256').update(a).digest()
  const y = crypto.createHash('sha256').update(b).digest()
  return crypto.timingSafeEqual(x, y)
}

export default fp(async (app) => {
  const register = new Registry()
  collectDefaultMetrics({ register })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [register],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  })
  const idempotent = new Counter({
    name: 'watch_earn_idempotent_requests_total',
    help: 'Requests carrying an Idempotency-Key (outbox sends and replays), by route pattern',
    labelNames: ['route'],
    registers: [register],
  })
  const replays = new Counter({
    name: 'watch_earn_outbox_replays_total',
    help: 'Keyed requests whose key was stored before they began (replays), by route pattern',
    labelNames: ['route'],
    registers: [register],
  })
  const db = () => app.db
  // Redis as the rate limits see it (server/plugins/rate-limit.ts); absent without REDIS_URL.
  if (app.redisState) {
    const redis = app.redisState
    new Gauge({
      name: 'watch_earn_redis_degraded',
      help: '1 while Redis does not answer and rate limits count per instance, else 0',
      registers: [register],
      collect() {
        this.set(redis.degraded ? 1 : 0)
      },
    })
    new Counter({
      name: 'watch_earn_redis_outages_total',
      help: 'Redis outages since start: times the rate limits fell back to per-instance counters',
      registers: [register],
      collect() {
        this.reset()
        this.inc(redis.outages)
      },
    })
  }
  new Gauge({
    name: 'watch_earn_ledger_coins',
    help: 'Sum of ledger coins, by kind and status',
    labelNames: ['kind', 'status'],
    registers: [register],
    async collect() {
      await foldLedgerTotals(db(), app.engine)
      const rows = await ledgerTotals(db())
      this.reset()
      for (const r of rows) this.set({ kind: r.kind, status: r.status }, Number(r.coins))
    },
  })
  new Gauge({
    name: 'watch_earn_open_orders',
    help: 'Pending orders, by whether the user entered a UTR',
    labelNames: ['with_utr'],
    registers: [register],
    async collect() {
      const rows = await db()
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.count<number>('utr').as('with_utr'),
        ])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
      this.set({ with_utr: 'yes' }, Number(rows.with_utr))
      this.set({ with_utr: 'no' }, Number(rows.n) - Number(rows.with_utr))
    },
  })
  new Gauge({
    name: 'watch_earn_requested_withdrawals',
    help: 'Withdrawals waiting to be paid',
    registers: [register],
    async collect() {
      const row = await db()
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'requested')
        .executeTakeFirstOrThrow()
      this.set(Number(row.n))
    },
  })
  new Gauge({
    name: 'watch_earn_held_withdrawals',
    help: 'Withdrawals held for an operator to review',
    registers: [register],
    async collect() {
      const row = await db()
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'held')
        .executeTakeFirstOrThrow()
      this.set(Number(row.n))
    },
  })
  new Gauge({
    name: 'watch_earn_overdue_withdrawals',
    help: 'Withdrawals waiting past their due date (held for review or not)',
    registers: [register],
    async collect() {
      const now = (app.config.clock?.() ?? new Date()).toISOString()
      const row = await db()
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['requested', 'held'])
        .where('due_at', '<=', now)
        .executeTakeFirstOrThrow()
      this.set(Number(row.n))
    },
  })
  new Gauge({
    name: 'watch_earn_idempotency_keys',
    help: 'Idempotency keys stored (first sends of keyed requests; estimated on PostgreSQL)',
    registers: [register],
    async collect() {
      this.set(await countIdempotencyKeys(db(), app.engine, EXACT_COUNT_LIMIT))
    },
  })

  // Each keyed request's replay note, made here before any other hook or the handler runs; the
  // route hands it to `runIdempotent`, which marks it when it answers from the store.
  app.decorateRequest('replayNote', null)
  app.addHook('onRequest', async (request) => {
    if (request.headers['idempotency-key']) request.replayNote = { replay: false }
  })

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return
    const method = request.method
    requests.inc({ method, route, status: String(reply.statusCode) })
    duration.observe({ method, route }, reply.elapsedTime / 1000)
    if (request.headers['idempotency-key']) {
      idempotent.inc({ route })
      if (request.replayNote?.replay) replays.inc({ route })
    }
  })

  app.get('/metrics', async (request, reply) => {
    const token = app.config.metricsToken
    if (!token) return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' })
    const sent = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '')
    if (!sameText(sent, token)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ message: 'The metrics token is missing or wrong.', code: 'UNAUTHORIZED' })
    }
    reply.header('Content-Type', register.contentType).header('Cache-Control', 'no-store')
    return register.metrics()
  })
})
