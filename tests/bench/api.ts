/**
 * `npm run bench:api`: starts the real API in this process (buildApp, 127.0.0.1, random port)
 * on a temp-file SQLite database, then on a fresh PostgreSQL database (dropped at the end), and
 * drives it over loopback HTTP with autocannon from a worker thread. Per engine it prints one
 * row per scenario: requests/s, p50/p95/p99/max latency (ms), database statements per request,
 * the rate as a share of the floor, non-2xx answers by status and code, and the process RSS after
 * the scenario (MiB; API and load worker share this process). Then both engines side by side.
 *
 * The floor is a bare Fastify app in the same process on the same database: the same token lookup
 * as the API's `authenticate`, then one row read (the user). It is what any authenticated route
 * costs at least on this machine, and each route is shown as a share of it (DECISIONS §1: the API
 * must stay close to its database).
 *
 * Scenarios: floor; healthz; get-user, get-membership, dashboard (auth, 32 users round-robin);
 * add-reward with a fresh Idempotency-Key per request (each user's first claim is credited, the
 * rest are honest 409 ALREADY_REWARDED refusals); add-reward replaying one credited key+body
 * (answered from the idempotency store); login with the right PIN at the production scrypt cost,
 * once one at a time and once under load. Statements per request count every statement the
 * process sends to the database during the scenario (PostgreSQL: every `query` of a pg client,
 * BEGIN and COMMIT included; SQLite: every prepared statement, BEGIN and COMMIT included), divided
 * by the answers (background work such as the live-rules refresh every 2 s is counted too, which
 * only shows in the slow login rows). Knobs: BENCH_SECONDS (default 5) per scenario, BENCH_CONNECTIONS (default 50),
 * BENCH_ENGINES=sqlite,postgres, BENCH_SCENARIOS=dashboard,add-reward (names containing these).
 * The auth rate limit is raised for the run so that it does not decide the figures. Exits 0
 * unless the API cannot be started.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import SQLite from 'better-sqlite3'
import { buildApp } from '../../server/app.ts'
import { readToken } from '../../server/plugins/auth.ts'
import { sha256 } from '../../server/lib/crypto.ts'
import { createTestDatabase, ENGINES, type EngineName } from '../helpers/databases.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { runLoad, type LoadResult, type LoadSpec, type RequestTemplate } from './api-load.ts'

const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 5))
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 50))
const SCENARIOS = process.env.BENCH_SCENARIOS?.split(',').filter(Boolean)
const wanted = (name: string) => !SCENARIOS || SCENARIOS.some((s) => name.includes(s))
const USERS = 32
const engines = (process.env.BENCH_ENGINES?.split(',') ?? ENGINES).filter((e): e is EngineName =>
  (ENGINES as string[]).includes(e),
)

interface Row {
  result: LoadResult
  rssMiB: number
  /** Database statements sent per answer during the scenario. */
  statementsPerRequest: number
}

/** Statements sent to either database by this process so far (see `countStatements`). */
let statements = 0

/**
 * Counts every statement the process sends: each `query` of a pg client (the pool's clients are
 * pg.Client instances) and each statement better-sqlite3 prepares (Kysely prepares one per query,
 * BEGIN and COMMIT included).
 */
function countStatements() {
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const query = client.query
  client.query = function (this: unknown, ...args: unknown[]) {
    statements += 1
    return query.apply(this, args)
  }
  const sqlite = SQLite.prototype as unknown as { prepare: (...args: unknown[]) => unknown }
  const prepare = sqlite.prepare
  sqlite.prepare = function (this: unknown, ...args: unknown[]) {
    statements += 1
    return prepare.apply(this, args)
  }
}
countStatements()

/**
 * The floor: bare Fastify on `app`'s database, answering `GET /floor` with the same token lookup
 * as `authenticate` (server/plugins/auth.ts) and one read of the token's user.
 */
async function startFloor(app: FastifyInstance): Promise<FastifyInstance> {
  const floor = Fastify({ logger: false })
  floor.get('/floor', async (request, reply) => {
    const token = readToken(request.headers.authorization)
    if (!token) return reply.status(401).send({ message: 'no token', code: 'UNAUTHORIZED' })
    const row = await app.db
      .selectFrom('access_tokens')
      .select(['user_id'])
      .where('token_hash', '=', sha256(token))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst()
    if (!row) return reply.status(401).send({ message: 'bad token', code: 'UNAUTHORIZED' })
    return app.db
      .selectFrom('users')
      .select(['id', 'first_name', 'points', 'views'])
      .where('id', '=', row.user_id)
      .executeTakeFirst()
  })
  await floor.listen({ port: 0, host: '127.0.0.1' })
  return floor
}

const rssMiB = () => process.memoryUsage().rss / 1024 / 1024
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const auth = (user: TestUser): Record<string, string> => ({ authorization: `Bearer ${user.token}` })

/** Creates `count` verified users, four at a time (each costs one production scrypt hash). */
async function createUsers(app: FastifyInstance, count: number): Promise<TestUser[]> {
  const users: TestUser[] = []
  while (users.length < count) {
    const batch = Math.min(4, count - users.length)
    users.push(...(await Promise.all(Array.from({ length: batch }, () => createTestUser(app)))))
  }
  return users
}

/** The N of the scrypt hash actually stored for `user` (proves the production cost is used). */
async function storedScryptN(app: FastifyInstance, user: TestUser): Promise<number> {
  const row = await app.db
    .selectFrom('users')
    .select('pin_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  return Number(row.pin_hash.split('$')[1])
}

/** Benchmarks one engine and returns its rows; the database is removed afterwards. */
async function benchEngine(engine: EngineName): Promise<Row[]> {
  let databaseUrl: string
  let drop: () => Promise<void>
  if (engine === 'sqlite') {
    const file = path.join(os.tmpdir(), `bench-api-${process.pid}-${Date.now()}.db`)
    databaseUrl = `file:${file}`
    drop = async () => {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true })
    }
  } else {
    const database = await createTestDatabase(engine)
    databaseUrl = database.url
    drop = () => database.drop()
  }
  const app = await buildApp({
    databaseUrl,
    logLevel: 'silent',
    staticDir: undefined,
    authRateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
  })
  const rows: Row[] = []
  let floor: FastifyInstance | undefined
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const baseUrl = `http://127.0.0.1:${port}`
    floor = await startFloor(app)
    const floorUrl = `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}`
    const users = await createUsers(app, USERS)
    const [first, ...others] = users as [TestUser, ...TestUser[]]
    console.log(
      `  ${USERS} users created; stored PIN hash scrypt N=${await storedScryptN(app, first)}`,
    )

    // Hand the videos out to every user now, so the shortest timer has passed by the claims.
    const handouts = await Promise.all(
      users.map(async (user) => {
        const res = await fetch(`${baseUrl}/api/v1/dashboard/`, { headers: auth(user) })
        return (await res.json()) as Array<{ id: number; timer: number }>
      }),
    )
    const handedAt = Date.now()
    const video = [...(handouts[0] ?? [])].sort((a, b) => a.timer - b.timer)[0]
    if (!video) throw new Error('the dashboard handed out no video')

    const run = async (
      spec: Omit<LoadSpec, 'baseUrl' | 'connections' | 'durationSeconds'> & {
        connections?: number
        baseUrl?: string
      },
    ) => {
      if (!wanted(spec.name)) return
      const before = statements
      const result = await runLoad({
        baseUrl,
        connections: CONNECTIONS,
        durationSeconds: SECONDS,
        ...spec,
      })
      const sent = statements - before
      const answered = Object.values(result.statuses).reduce((sum, n) => sum + n, 0)
      if (answered !== result.requests) {
        console.log(
          `\n  note: ${spec.name}: ${answered} statuses counted, ${result.requests} latencies`,
        )
      }
      rows.push({
        result,
        rssMiB: rssMiB(),
        statementsPerRequest: result.requests > 0 ? sent / result.requests : 0,
      })
      process.stdout.write('.')
    }
    const each = (list: TestUser[], body?: unknown): RequestTemplate[] =>
      list.map((user) => ({
        headers: auth(user),
        body: body === undefined ? undefined : JSON.stringify(body),
      }))

    // Warm-up (not reported): JIT, connection setup, the auth and database paths.
    for (const [url, warm] of [
      [floorUrl, '/floor'],
      [baseUrl, '/api/v1/healthz'],
      [baseUrl, '/api/v1/get-user/'],
    ] as const) {
      await runLoad({
        name: 'warm-up',
        baseUrl: url,
        method: 'GET',
        path: warm,
        connections: CONNECTIONS,
        durationSeconds: 1,
        templates: each(users),
      })
    }

    await run({
      name: 'floor (token + 1 row)',
      baseUrl: floorUrl,
      method: 'GET',
      path: '/floor',
      templates: each(users),
    })
    await run({
      name: 'GET healthz',
      method: 'GET',
      path: '/api/v1/healthz',
      templates: [{ headers: {} }],
    })
    await run({
      name: 'GET get-user (auth)',
      method: 'GET',
      path: '/api/v1/get-user/',
      templates: each(users),
    })
    await run({
      name: 'GET get-membership (auth)',
      method: 'GET',
      path: '/api/v1/get-membership/',
      templates: each(users),
    })
    await run({
      name: 'GET dashboard (auth)',
      method: 'GET',
      path: '/api/v1/dashboard/',
      templates: each(users),
    })

    // Claims: wait out the timer, credit one claim to replay, then fresh keys for the others.
    if (wanted('add-reward')) {
      await sleep(Math.max(0, handedAt + (video.timer + 1) * 1000 - Date.now()))
      const claim = { dashboard_id: video.id }
      const replayKey = `bench-replay-${crypto.randomBytes(6).toString('hex')}`
      const primed = await fetch(`${baseUrl}/api/v1/add-reward/`, {
        method: 'POST',
        headers: {
          ...auth(first),
          'content-type': 'application/json',
          'idempotency-key': replayKey,
        },
        body: JSON.stringify(claim),
      })
      if (primed.status !== 200) console.log(`\n  note: the claim to replay got ${primed.status}`)
      await run({
        name: 'POST add-reward (new key)',
        method: 'POST',
        path: '/api/v1/add-reward/',
        templates: each(others, claim),
        uniqueIdempotencyKey: true,
      })
      await run({
        name: 'POST add-reward (replay)',
        method: 'POST',
        path: '/api/v1/add-reward/',
        templates: [
          {
            headers: { ...auth(first), 'idempotency-key': replayKey },
            body: JSON.stringify(claim),
          },
        ],
      })
    }

    // Login verifies the PIN with scrypt (N=2^17, 128 MiB each): CPU-bound, reported apart.
    const logins = users.map((user) => ({
      headers: {},
      body: JSON.stringify({ email: user.email, login_type: 'email', password: user.pin }),
    }))
    const login = { method: 'POST', path: '/api/v1/user/login/', templates: logins } as const
    await run({ name: 'POST login (scrypt), 1 at a time', connections: 1, amount: 5, ...login })
    // autocannon needs at least one request per connection: at most USERS at once.
    await run({
      name: 'POST login (scrypt)',
      amount: USERS,
      connections: Math.min(CONNECTIONS, USERS),
      ...login,
    })
    return rows
  } finally {
    await floor?.close()
    await app.close()
    await drop()
  }
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1))
const counts = (record: Record<string, number>) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, count]) => `${label} ×${count}`)
    .join(', ') || '—'

const FLOOR = 'floor (token + 1 row)'

/** A route's rate as a share of the floor's on the same engine ('—' without a floor). */
function ofFloor(rows: Row[], row: Row): string {
  const floor = rows.find((r) => r.result.name === FLOOR)
  if (!floor || floor.result.requestsPerSecond === 0) return '—'
  return `${((100 * row.result.requestsPerSecond) / floor.result.requestsPerSecond).toFixed(0)} %`
}

const rate = (value: number) => value.toFixed(value >= 100 ? 0 : 1)

/** Prints one engine's table. */
function printTable(engine: EngineName, rows: Row[]) {
  const header = [
    'scenario'.padEnd(34),
    'conn'.padStart(4),
    'requests'.padStart(9),
    'req/s'.padStart(8),
    'p50'.padStart(7),
    'p95'.padStart(7),
    'p99'.padStart(7),
    'max'.padStart(7),
    'stmts/req'.padStart(9),
    'of floor'.padStart(8),
    'RSS MiB'.padStart(8),
    '  non-2xx (status code ×count)',
  ].join(' ')
  console.log(`\n${engine} (latencies in ms)`)
  console.log(header)
  console.log('-'.repeat(header.length + 10))
  for (const row of rows) {
    const { result: r, rssMiB: rss } = row
    const failed =
      r.errors + r.timeouts > 0 ? `; no answer ×${r.errors} (timeouts ${r.timeouts})` : ''
    console.log(
      [
        r.name.padEnd(34),
        String(r.connections).padStart(4),
        String(r.requests).padStart(9),
        rate(r.requestsPerSecond).padStart(8),
        ms(r.p50).padStart(7),
        ms(r.p95).padStart(7),
        ms(r.p99).padStart(7),
        ms(r.max).padStart(7),
        row.statementsPerRequest.toFixed(1).padStart(9),
        ofFloor(rows, row).padStart(8),
        rss.toFixed(0).padStart(8),
        `  ${counts(r.refusals)}${failed}`,
      ].join(' '),
    )
  }
}

/** Prints SQLite and PostgreSQL side by side: rate, p50, p99, share of floor, PG/SQLite rate. */
function printSideBySide(results: Array<[EngineName, Row[]]>) {
  const sqlite = results.find(([e]) => e === 'sqlite')?.[1]
  const postgres = results.find(([e]) => e === 'postgres')?.[1]
  if (!sqlite || !postgres) return
  const header = [
    'scenario'.padEnd(34),
    'SQLite req/s'.padStart(12),
    'p50'.padStart(6),
    'p99'.padStart(6),
    'of floor'.padStart(8),
    'PG req/s'.padStart(9),
    'p50'.padStart(6),
    'p99'.padStart(6),
    'of floor'.padStart(8),
    'PG/SQLite'.padStart(9),
    'stmts/req SQLite, PG',
  ].join(' ')
  console.log('\nside by side (latencies in ms)')
  console.log(header)
  console.log('-'.repeat(header.length))
  for (const s of sqlite) {
    const p = postgres.find((r) => r.result.name === s.result.name)
    if (!p) continue
    const share =
      s.result.requestsPerSecond > 0
        ? `${((100 * p.result.requestsPerSecond) / s.result.requestsPerSecond).toFixed(0)} %`
        : '—'
    console.log(
      [
        s.result.name.padEnd(34),
        rate(s.result.requestsPerSecond).padStart(12),
        ms(s.result.p50).padStart(6),
        ms(s.result.p99).padStart(6),
        ofFloor(sqlite, s).padStart(8),
        rate(p.result.requestsPerSecond).padStart(9),
        ms(p.result.p50).padStart(6),
        ms(p.result.p99).padStart(6),
        ofFloor(postgres, p).padStart(8),
        share.padStart(9),
        ` ${s.statementsPerRequest.toFixed(1)}, ${p.statementsPerRequest.toFixed(1)}`,
      ].join(' '),
    )
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
const scryptEnv = process.env.SCRYPT_N
console.log(
  `bench:api — Node ${process.version}, ${os.cpus().length} CPU(s), ${SECONDS} s or the stated ` +
    `count per scenario, ${CONNECTIONS} connections`,
)
if (scryptEnv)
  console.log(`warning: SCRYPT_N=${scryptEnv} is set; the production default is 131072`)
const results: Array<[EngineName, Row[]]> = []
for (const engine of engines) {
  console.log(`\n${engine}: starting (load average ${loadAverage()})`)
  results.push([engine, await benchEngine(engine)])
  console.log(`\n${engine}: done (load average ${loadAverage()})`)
}
console.log('')
for (const [engine, rows] of results) printTable(engine, rows)
printSideBySide(results)
