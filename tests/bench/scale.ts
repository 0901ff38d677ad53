/**
 * `npm run bench:scale -- [USERS] [--small N] [--ledger-per-user N] [--seconds N] [--reuse]
 * [--build-only] [--only NAME,NAME] [--closed-only]`:
 * the product on a large PostgreSQL database against a small one, in one run (docs/product.md#scale).
 *
 * Builds two databases through the product's own migrations and seed, then grows them by SQL
 * (tests/bench/scale-data.ts): `scale_large_USERS` (default 1,000,000 users, about 20 ledger
 * rows each) and `scale_small_N` (default 5,000). `--reuse` keeps a database an earlier run built
 * at the same size; `--build-only` stops once both are built. It starts the API on each (buildApp,
 * 127.0.0.1, a random port; the start-up is timed) and fires each call with autocannon from a
 * process of its own (api-load.ts), on the small database and then at once on the large one (a
 * drift of the machine's speed then touches both sides of a ratio alike), for `--seconds`
 * (default 10) and 50 connections (BENCH_CONNECTIONS): every user GET route (64 typical users
 * round-robin; the wallet also for a user with 10,000 ledger rows, first and deep pages), every
 * console queue and search (an operator session), the payout CSV export (2 connections, 20
 * requests: each export is audited; `--only` keeps the calls whose names contain one of the
 * given texts) and `GET /metrics` (one scrape at a time, as Prometheus
 * does). Prints one table: the rows one answer carries on each database (pages compare like
 * pages), requests/s, p50 and p99 per database, the large/small ratio of the
 * rate and of the p99, and non-2xx answers. Then the service levels (docs/product.md#scale): each call
 * (except the counted ones) open-loop (open-loop.ts) at a fixed arrival rate of half the small
 * database's closed-loop maximum, on both databases, with p50, p99 and their ratio
 * (`--closed-only` skips it). Exits 0 unless a database cannot be built.
 */
import os from 'node:os'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { buildApp } from '../../server/app.ts'
import { openDatabase } from '../../server/db/index.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { seedDatabase } from '../../server/db/seed.ts'
import { runLoad, type LoadResult, type RequestTemplate } from './api-load.ts'
import { HEAVY_USER_ID, buildScaleData, type ScaleCounts } from './scale-data.ts'
import { scaleSessions } from './scale-sessions.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? fallback : Math.max(1, Number(args[at + 1]))
}
const positional = args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--'))
const LARGE = Math.max(100, Number(positional ?? 1_000_000))
const SMALL = option('small', 5_000)
const LEDGER_PER_USER = option('ledger-per-user', 20)
const SECONDS = option('seconds', 10)
const REUSE = args.includes('--reuse')
const CLOSED_ONLY = args.includes('--closed-only')
const ONLY = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '').split(',') : null
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 50))
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const METRICS_TOKEN = 'bench-scale-metrics'
/**
 * Requested withdrawals at least, besides one in twenty: the small database's payout and overdue
 * queues then fill a page of 50 as the large one's do, so the two compare like pages.
 */
const OPEN_WITHDRAWALS_AT_LEAST = 80

const urlOf = (name: string) => {
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** Runs `text` on the admin database. */
async function admin(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL })
  await client.connect()
  try {
    return await client.query(text)
  } finally {
    await client.end()
  }
}

/** The size an earlier run recorded in database `name`, or null (no such database or record). */
async function builtSize(name: string): Promise<number | null> {
  const exists = await admin(`select 1 from pg_database where datname = '${name}'`)
  if (exists.rowCount === 0) return null
  const client = new pg.Client({ connectionString: urlOf(name) })
  await client.connect()
  try {
    const row = await client.query(`select users from bench_scale_info`)
    return Number(row.rows[0]?.users ?? null)
  } catch {
    return null
  } finally {
    await client.end()
  }
}

/** Builds (or with --reuse keeps) the database of `users` users; returns its name and counts. */
async function prepare(users: number): Promise<{ name: string; counts: ScaleCounts | null }> {
  const name = `scale_${users === LARGE ? 'large' : 'small'}_${users}`
  if (REUSE && (await builtSize(name)) === users) {
    console.log(`  ${name}: kept from an earlier run`)
    return { name, counts: null }
  }
  const started = Date.now()
  await admin(`drop database if exists ${name} with (force)`)
  await admin(`create database ${name}`)
  const handle = openDatabase(urlOf(name), 1)
  try {
    await migrateToLatest(handle.db as never, handle.engine)
    await seedDatabase(handle.db)
  } finally {
    await handle.close()
  }
  console.log(`  ${name}: migrated and seeded; growing it by SQL`)
  const counts = await buildScaleData(
    urlOf(name),
    users,
    LEDGER_PER_USER,
    (l) => console.log(l),
    OPEN_WITHDRAWALS_AT_LEAST,
  )
  const client = new pg.Client({ connectionString: urlOf(name) })
  await client.connect()
  await client.query(`create table bench_scale_info as select ${users} as users`)
  await client.end()
  console.log(`  ${name}: built in ${seconds(Date.now() - started)}: ${JSON.stringify(counts)}`)
  return { name, counts }
}

/** One measured call. */
interface Scenario {
  name: string
  path: string
  templates: RequestTemplate[]
  connections?: number
  amount?: number
}

/** The cursor `pages` pages into a paged list (following `next`), or null when it ends first. */
async function cursorAfter(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  pages: number,
  param: string,
): Promise<string | null> {
  let cursor: string | null = null
  for (let i = 0; i < pages; i += 1) {
    const sep = path.includes('?') ? '&' : '?'
    const url = `${baseUrl}${path}${cursor ? `${sep}${param}=${encodeURIComponent(cursor)}` : ''}`
    const answer = (await (await fetch(url, { headers })).json()) as {
      next?: string | null
      data?: { next?: string | null }
    }
    cursor = answer.next ?? answer.data?.next ?? null
    if (!cursor) return null
  }
  return cursor
}

/**
 * The rows one answer of `path` carries: a page's `rows`, a list's length, a CSV's lines after its
 * header; null for a single record. Printed beside the rates, so a ratio compares like pages.
 */
async function rowsOf(
  baseUrl: string,
  path: string,
  headers: Record<string, string> | undefined,
): Promise<number | null> {
  const answer = await fetch(`${baseUrl}${path}`, { headers })
  const text = await answer.text()
  if (!(answer.headers.get('content-type') ?? '').includes('json')) {
    return path.endsWith('.csv') ? Math.max(0, text.trim().split('\n').length - 1) : null
  }
  const body = JSON.parse(text) as { data?: unknown }
  const data = (body.data ?? body) as Record<string, unknown> | unknown[]
  if (Array.isArray(data)) return data.length
  for (const key of ['rows', 'ledger', 'entries']) {
    const list = data[key]
    if (Array.isArray(list)) return list.length
  }
  return null
}

/** The API started on one database, with the calls to measure on it. */
interface Target {
  app: Awaited<ReturnType<typeof buildApp>>
  baseUrl: string
  startMs: number
  scenarios: Scenario[]
}

/** What was measured on one database: start-up, each call's load, and the rows each answer carries. */
interface Measured {
  startMs: number
  results: LoadResult[]
  rows: Map<string, number | null>
  /** Each call open-loop at half the small database's closed-loop rate (absent: counted calls). */
  openLoop: Map<string, LoadResult>
}

/** Starts the API on database `name` (timed) and lists the calls to measure on it. */
async function start(name: string, users: number): Promise<Target> {
  const started = Date.now()
  const app = await buildApp({
    databaseUrl: urlOf(name),
    logLevel: 'silent',
    staticDir: undefined,
    metricsToken: METRICS_TOKEN,
    authRateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const startMs = Date.now() - started
  try {
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const { userHeaders, heavy, ops, ids } = await scaleSessions(app, users)
    const each = userHeaders.map((headers) => ({ headers }))
    const asOps = [{ headers: ops }]
    const someone = ids[7] ?? 1
    const deepWallet = await cursorAfter(baseUrl, '/api/v1/wallet/', heavy, 50, 'before')
    const deepOrders = await cursorAfter(baseUrl, '/api/v1/ops/orders?status=all', ops, 40, 'after')
    const deepWithdrawals = await cursorAfter(
      baseUrl,
      '/api/v1/ops/withdrawals?status=all',
      ops,
      40,
      'after',
    )
    const scenarios: Scenario[] = [
      { name: 'GET get-user', path: '/api/v1/get-user/', templates: each },
      { name: 'GET dashboard', path: '/api/v1/dashboard/', templates: each },
      { name: 'GET get-membership', path: '/api/v1/get-membership/', templates: each },
      { name: 'GET withdrawal-status', path: '/api/v1/withdrawal-status/', templates: each },
      { name: 'GET bank-details', path: '/api/v1/bank-details/', templates: each },
      { name: 'GET get-upi', path: '/api/v1/get-upi/', templates: each },
      { name: 'GET config', path: '/api/v1/config/', templates: each },
      { name: 'GET our-partners', path: '/api/v1/our-partners/', templates: each },
      { name: 'GET wallet (typical user)', path: '/api/v1/wallet/', templates: each },
      {
        name: 'GET wallet (10,000 rows), page 1',
        path: '/api/v1/wallet/',
        templates: [{ headers: heavy }],
      },
      ...(deepWallet
        ? [
            {
              name: 'GET wallet (10,000 rows), page 50',
              path: `/api/v1/wallet/?before=${encodeURIComponent(deepWallet)}`,
              templates: [{ headers: heavy }],
            },
            {
              name: 'GET wallet (10,000 rows), page 50, alone',
              path: `/api/v1/wallet/?before=${encodeURIComponent(deepWallet)}`,
              templates: [{ headers: heavy }],
              connections: 1,
              amount: 200,
            },
          ]
        : []),
      { name: 'console: orders (pending)', path: '/api/v1/ops/orders', templates: asOps },
      {
        name: 'console: orders (with UTR)',
        path: '/api/v1/ops/orders?with_utr=true',
        templates: asOps,
      },
      { name: 'console: orders (all)', path: '/api/v1/ops/orders?status=all', templates: asOps },
      ...(deepOrders
        ? [
            {
              name: 'console: orders (all), page 41',
              path: `/api/v1/ops/orders?status=all&after=${encodeURIComponent(deepOrders)}`,
              templates: asOps,
            },
          ]
        : []),
      {
        name: 'console: orders search email',
        path: `/api/v1/ops/orders?status=all&q=user${someone}@example.com`,
        templates: asOps,
      },
      {
        name: 'console: orders search prefix',
        // "user1" names more users than a search takes (SEARCH_USER_LIMIT) on both databases.
        path: '/api/v1/ops/orders?status=all&q=user1',
        templates: asOps,
      },
      {
        name: 'console: orders search phone',
        path: `/api/v1/ops/orders?status=all&q=${6000000000 + someone}`,
        templates: asOps,
      },
      { name: 'console: withdrawals', path: '/api/v1/ops/withdrawals', templates: asOps },
      {
        name: 'console: withdrawals (overdue)',
        path: '/api/v1/ops/withdrawals?overdue=true',
        templates: asOps,
      },
      {
        name: 'console: withdrawals (all)',
        path: '/api/v1/ops/withdrawals?status=all',
        templates: asOps,
      },
      ...(deepWithdrawals
        ? [
            {
              name: 'console: withdrawals (all), page 41',
              path: `/api/v1/ops/withdrawals?status=all&after=${encodeURIComponent(deepWithdrawals)}`,
              templates: asOps,
            },
          ]
        : []),
      {
        name: 'console: withdrawals search',
        path: `/api/v1/ops/withdrawals?status=all&q=user${ids[9]}@example.com`,
        templates: asOps,
      },
      {
        name: 'console: withdrawals search UPI',
        path: `/api/v1/ops/withdrawals?status=all&q=user${(ids[9] ?? 10) - ((ids[9] ?? 10) % 10)}@okaxis`,
        templates: asOps,
      },
      {
        name: 'console: user look-up',
        path: `/api/v1/ops/users?q=user${someone}@example.com`,
        templates: asOps,
      },
      {
        name: 'console: user look-up (heavy)',
        path: `/api/v1/ops/users?q=user${HEAVY_USER_ID}@example.com`,
        templates: asOps,
      },
      { name: 'console: audit', path: '/api/v1/ops/audit', templates: asOps },
      {
        name: 'console: payouts.csv',
        path: '/api/v1/ops/payouts.csv',
        templates: asOps,
        connections: 2,
        amount: 20,
      },
      {
        name: 'GET /metrics (one scrape at a time)',
        path: '/metrics',
        templates: [{ headers: { authorization: `Bearer ${METRICS_TOKEN}` } }],
        connections: 1,
        amount: 20,
      },
    ]
    return { app, baseUrl, startMs, scenarios }
  } catch (error) {
    await app.close()
    throw error
  }
}

/**
 * Measures call `s` on `target` (a second of warm-up first), into `into`; then, unless the call is
 * counted (`amount`) or `--closed-only`, the same requests open-loop at `openRate` a second (half
 * the small database's closed-loop maximum, the same rate on both databases: a service level).
 * Resolves the closed-loop figures.
 */
async function measureOn(
  target: Target,
  s: Scenario,
  into: Measured,
  openRate?: number,
): Promise<LoadResult> {
  const connections = s.connections ?? CONNECTIONS
  const { baseUrl } = target
  into.rows.set(s.name, await rowsOf(baseUrl, s.path, s.templates[0]?.headers))
  // A second of warm-up per call (JIT, plans, caches), not reported.
  await runLoad({
    name: 'warm-up',
    baseUrl,
    method: 'GET',
    path: s.path,
    templates: s.templates,
    connections,
    durationSeconds: 1,
    amount: s.amount ? Math.min(s.amount, 4) : undefined,
  })
  const closed = await runLoad({
    name: s.name,
    baseUrl,
    method: 'GET',
    path: s.path,
    templates: s.templates,
    connections,
    durationSeconds: SECONDS,
    amount: s.amount,
  })
  into.results.push(closed)
  const rate = openRate ?? closed.requestsPerSecond / 2
  if (!CLOSED_ONLY && s.amount === undefined && rate > 0) {
    into.openLoop.set(
      s.name,
      await runLoad({
        name: s.name,
        baseUrl,
        method: 'GET',
        path: s.path,
        templates: s.templates,
        connections,
        durationSeconds: SECONDS,
        ratePerSecond: rate,
      }),
    )
  }
  return closed
}

/**
 * Measures every call on both databases, each call on the small database and then at once on the
 * large one, so a drift of the machine's speed during the run touches both sides of a ratio alike.
 */
async function measureBoth(
  small: Target,
  large: Target,
): Promise<{ small: Measured; large: Measured }> {
  const measured = (t: Target): Measured => ({
    startMs: t.startMs,
    results: [],
    rows: new Map(),
    openLoop: new Map(),
  })
  const both = { small: measured(small), large: measured(large) }
  for (const s of small.scenarios) {
    if (ONLY && !ONLY.some((name) => s.name.includes(name))) continue
    const l = large.scenarios.find((c) => c.name === s.name)
    if (!l) continue
    const closed = await measureOn(small, s, both.small)
    await measureOn(large, l, both.large, closed.requestsPerSecond / 2)
    process.stdout.write('.')
  }
  return both
}

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1))
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '—')
const refusals = (r: LoadResult) =>
  Object.entries(r.refusals)
    .map(([label, n]) => `${label} ×${n}`)
    .join(', ') || (r.errors + r.timeouts > 0 ? `errors ${r.errors}, timeouts ${r.timeouts}` : '')

const rowCount = (m: Measured, name: string) => String(m.rows.get(name) ?? '—')

/** Prints the one table: both databases and the ratios large/small. */
function printComparison(large: Measured, small: Measured) {
  const head = [
    'call'.padEnd(38),
    'conn'.padStart(4),
    'rows S/L'.padStart(11),
    'small req/s'.padStart(11),
    'p50'.padStart(6),
    'p99'.padStart(6),
    'large req/s'.padStart(11),
    'p50'.padStart(6),
    'p99'.padStart(6),
    'rate L/S'.padStart(8),
    'p99 L/S'.padStart(7),
    '  non-2xx (large)',
  ].join(' ')
  console.log(`\n${head}\n${'-'.repeat(head.length)}`)
  for (const l of large.results) {
    const s = small.results.find((r) => r.name === l.name)
    if (!s) continue
    console.log(
      [
        l.name.padEnd(38),
        String(l.connections).padStart(4),
        `${rowCount(small, l.name)}/${rowCount(large, l.name)}`.padStart(11),
        ms(s.requestsPerSecond).padStart(11),
        ms(s.p50).padStart(6),
        ms(s.p99).padStart(6),
        ms(l.requestsPerSecond).padStart(11),
        ms(l.p50).padStart(6),
        ms(l.p99).padStart(6),
        ratio(l.requestsPerSecond, s.requestsPerSecond).padStart(8),
        ratio(l.p99, s.p99).padStart(7),
        `  ${refusals(l)}`,
      ].join(' '),
    )
  }
  console.log(
    `${'server start (buildApp + listen)'.padEnd(38)} ${''.padStart(4)} ${''.padStart(11)} ${seconds(small.startMs).padStart(11)} ${''.padStart(13)} ${seconds(large.startMs).padStart(11)} ${''.padStart(13)} ${''.padStart(8)} ${ratio(large.startMs, small.startMs).padStart(7)}`,
  )
}

/**
 * Prints the service levels: each call open-loop at half the small database's closed-loop rate, on
 * both databases (docs/product.md#scale), p50 and p99 from each request's scheduled time, and the p99 ratio.
 */
function printOpenLoop(large: Measured, small: Measured) {
  const head = [
    'call (open loop, half the small max)'.padEnd(38),
    'req/s'.padStart(7),
    'small p50'.padStart(9),
    'p99'.padStart(6),
    'large p50'.padStart(9),
    'p99'.padStart(6),
    'p99 L/S'.padStart(7),
    '  non-2xx or no answer (large)',
  ].join(' ')
  console.log(`\n${head}\n${'-'.repeat(head.length)}`)
  for (const [name, l] of large.openLoop) {
    const s = small.openLoop.get(name)
    if (!s) continue
    console.log(
      [
        name.padEnd(38),
        ms(l.requestsPerSecond).padStart(7),
        ms(s.p50).padStart(9),
        ms(s.p99).padStart(6),
        ms(l.p50).padStart(9),
        ms(l.p99).padStart(6),
        ratio(l.p99, s.p99).padStart(7),
        `  ${refusals(l)}`,
      ].join(' '),
    )
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
console.log(
  `bench:scale — ${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} CPU(s); ` +
    `large ${LARGE} users, small ${SMALL}, ~${LEDGER_PER_USER} ledger rows per user, ` +
    `${SECONDS} s per call, ${CONNECTIONS} connections`,
)
const largeDb = await prepare(LARGE)
const smallDb = await prepare(SMALL)
if (args.includes('--build-only')) process.exit(0)
console.log(`starting the API on both (load average ${loadAverage()})`)
const smallTarget = await start(smallDb.name, SMALL)
const largeTarget = await start(largeDb.name, LARGE)
console.log(`measuring each call on the small database, then on the large one`)
try {
  const { small, large } = await measureBoth(smallTarget, largeTarget)
  console.log(`\ndone (load average ${loadAverage()})`)
  printComparison(large, small)
  printOpenLoop(large, small)
} finally {
  await smallTarget.app.close()
  await largeTarget.app.close()
}
