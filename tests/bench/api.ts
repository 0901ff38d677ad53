/**
 * `npm run bench:api`: starts the real API in this process (buildApp, 127.0.0.1, random port)
 * on a temp-file SQLite database, then on a fresh PostgreSQL database (dropped at the end; reached
 * through the local server's Unix socket when there is one, else TCP), and drives it over
 * loopback HTTP with autocannon from a process of its own per scenario (api-load.ts). Per engine
 * it prints one row per scenario: requests/s, p50/p95/p99/max latency (ms), database statements
 * per request, the rate as a share of the floor, the CPU per answer of this process and of the
 * PostgreSQL backends (api-cpu.ts), the RSS (MiB), the 1-minute load average, and non-2xx answers
 * by status and code. Then both engines side by side (api-report.ts). After each closed-loop
 * scenario (except those bounded by a count), the same requests open-loop at half its measured
 * rate (open-loop.ts: a fixed arrival rate, latency from each request's scheduled time), whose
 * p50/p99 are the service level (docs/product.md#scale); BENCH_OPEN_LOOP=0 skips them.
 *
 * The floor is a bare Fastify app in the same process on the same database: the API's own token
 * lookup (`lookUpToken`), then one row read (the user). It is what any authenticated route
 * costs at least on this machine, and each route is shown as a share of it (docs/product.md#system: the API
 * must stay close to its database).
 *
 * Scenarios: floor; healthz; get-user, get-membership, dashboard (auth, 32 users round-robin);
 * add-reward with a fresh Idempotency-Key per request (each user's first claim is credited, the
 * rest are honest 409 ALREADY_REWARDED refusals); add-reward replaying one credited key+body
 * (answered from the idempotency store); add-withdraw to a known payee with a fresh key per
 * request (32 more users, api-withdrawals.ts); login with the right PIN at the production scrypt cost,
 * once one at a time and once under load. Statements per request count every statement the
 * process sends to the database during the scenario (PostgreSQL: every `query` of a pg client,
 * BEGIN and COMMIT included; SQLite: every prepared statement, BEGIN and COMMIT included), divided
 * by the answers (background work such as the live-rules refresh every 2 s is counted too, which
 * shows in slow runs). Knobs: BENCH_SECONDS (default 5) per scenario, BENCH_CONNECTIONS (default
 * 50), BENCH_ENGINES=sqlite,postgres, BENCH_SCENARIOS=dashboard,add-reward (names containing
 * these), BENCH_POOL (the API's PostgreSQL pool), BENCH_PG_TCP=1, BENCH_PIN=1 (taskset: this
 * process on CPU 0, the load on CPU 1), BENCH_CREDIT_USERS (default 480: 6 240 credited claims).
 * The auth rate limit is raised for the run so that it does not decide the figures. Exits 0
 * unless the API cannot be started.
 */
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { DEFAULT_POOL_SIZE } from '../../server/db/index.ts'
import { createTestDatabase, ENGINES, type EngineName } from '../helpers/databases.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { runLoad, type LoadSpec, type RequestTemplate } from './api-load.ts'
import {
  printLatencyByStatus,
  printOpenLoop,
  printSideBySide,
  printTable,
  type Row,
} from './api-report.ts'
import { cpuSpentMs, databaseCpuMs } from './api-cpu.ts'
import { startFloor, statementsSent } from './api-floor.ts'
import { creditedClaims, insertUsers } from './api-claims.ts'
import { knownPayeeWithdrawals } from './api-withdrawals.ts'

const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 5))
/** BENCH_OPEN_LOOP=0 skips the open-loop run that follows each closed-loop scenario. */
const OPEN_LOOP = process.env.BENCH_OPEN_LOOP !== '0'
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 50))
/** The local PostgreSQL server's Unix socket directory (Debian's). */
const SOCKET_DIR = '/var/run/postgresql'
/** PostgreSQL over its Unix socket when there is one here, unless BENCH_PG_TCP=1. */
const SOCKET =
  process.env.BENCH_PG_TCP !== '1' && fs.existsSync(path.join(SOCKET_DIR, '.s.PGSQL.5432'))
/** BENCH_POOL: the API's PostgreSQL pool size (default: the app's own). */
const POOL = process.env.BENCH_POOL ? Math.max(1, Number(process.env.BENCH_POOL)) : undefined

/** `url` (postgres://user@host:port/db) as the same database through the Unix socket. */
function overSocket(url: string): string {
  const { username, pathname } = new URL(url)
  // pathname starts with '/': postgres:///db?host=…, the empty host before it.
  return `postgres://${pathname}?host=${encodeURIComponent(SOCKET_DIR)}&user=${username}`
}

/** BENCH_PIN=1: this process (API and floor) on CPU 0, the load process on CPU 1 (taskset). */
const PIN = process.env.BENCH_PIN === '1'
const SCENARIOS = process.env.BENCH_SCENARIOS?.split(',').filter(Boolean)
const wanted = (name: string) => !SCENARIOS || SCENARIOS.some((s) => name.includes(s))
const USERS = 32
/**
 * Users of the credited-claims scenario; each claims every video once (13 seeded: 6 240 claims
 * for the default 480, about 10 s). Shorter runs measured the start more than the steady rate:
 * the API's statements per CPU second kept rising for the first 10 s or so, and 2 080 claims
 * cost 30–40 % more CPU per answer than 6 240 (the README's figures). BENCH_CREDIT_USERS:
 * another number (a multiple of 4).
 */
const CREDIT_USERS = Math.max(4, Number(process.env.BENCH_CREDIT_USERS ?? 480))
const engines = (process.env.BENCH_ENGINES?.split(',') ?? ENGINES).filter((e): e is EngineName =>
  (ENGINES as string[]).includes(e),
)

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
    databaseUrl = SOCKET ? overSocket(database.url) : database.url
    drop = () => database.drop()
  }
  const app = await buildApp({
    databaseUrl,
    logLevel: 'silent',
    staticDir: undefined,
    authRateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    databasePoolSize: POOL,
  })
  const rows: Row[] = []
  let floor: FastifyInstance | undefined
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const baseUrl = `http://127.0.0.1:${port}`
    floor = await startFloor(app)
    const floorUrl = `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}`
    // CPU of the PostgreSQL backends serving this database (null on SQLite: it is in-process).
    const databaseCpu = async () => (engine === 'postgres' ? databaseCpuMs(databaseUrl) : null)
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
      const databaseBefore = await databaseCpu()
      const cpuBefore = process.cpuUsage()
      const before = statementsSent()
      const result = await runLoad(
        { baseUrl, connections: CONNECTIONS, durationSeconds: SECONDS, ...spec },
        PIN ? '1' : undefined,
      )
      const sent = statementsSent() - before
      const cpu = process.cpuUsage(cpuBefore)
      const databaseAfter = await databaseCpu()
      const answered = Object.values(result.statuses).reduce((sum, n) => sum + n, 0)
      if (answered !== result.requests) {
        console.log(
          `\n  note: ${spec.name}: ${answered} statuses counted, ${result.requests} latencies`,
        )
      }
      const perAnswer = (total: number) => (result.requests > 0 ? total / result.requests : 0)
      // The service level (docs/product.md#scale): the same requests at a fixed arrival rate, half the
      // rate the closed loop just measured. Scenarios bounded by a count (one-use claims, logins)
      // have none.
      const openLoop =
        OPEN_LOOP && spec.amount === undefined && result.requestsPerSecond > 0
          ? await runLoad(
              {
                baseUrl,
                connections: CONNECTIONS,
                durationSeconds: SECONDS,
                ...spec,
                ratePerSecond: result.requestsPerSecond / 2,
              },
              PIN ? '1' : undefined,
            )
          : undefined
      rows.push({
        openLoop,
        result,
        rssMiB: rssMiB(),
        statementsPerRequest: perAnswer(sent),
        apiCpuMs: perAnswer((cpu.user + cpu.system) / 1000),
        databaseCpuMs:
          databaseBefore === null || databaseAfter === null
            ? null
            : perAnswer(cpuSpentMs(databaseBefore, databaseAfter)),
        loadAverage: os.loadavg()[0] ?? 0,
      })
      process.stdout.write('.')
    }
    const each = (list: TestUser[], body?: unknown): RequestTemplate[] =>
      list.map((user) => ({
        headers: auth(user),
        body: body === undefined ? undefined : JSON.stringify(body),
      }))

    // Users who each claim every video once (credited claims), and others to warm that path up.
    const [claimers, warmers] = await Promise.all([
      insertUsers(app, first, CREDIT_USERS),
      insertUsers(app, first, CREDIT_USERS / 4),
    ])
    const credited = await creditedClaims(app, claimers)

    // Warm-up (not reported), the same on both engines: a second of each route the scenarios
    // call (JIT, connection setup, PostgreSQL's caches), claims as credited ones by other users.
    const warmUps: Array<[string, string, RequestTemplate[], boolean]> = [
      [floorUrl, '/floor', each(users), false],
      [baseUrl, '/api/v1/healthz', each(users), false],
      [baseUrl, '/api/v1/get-user/', each(users), false],
      [baseUrl, '/api/v1/dashboard/', each(users), false],
      [baseUrl, '/api/v1/add-reward/', await creditedClaims(app, warmers), true],
    ]
    for (const [url, warm, templates, claims] of warmUps) {
      await runLoad({
        name: 'warm-up',
        baseUrl: url,
        method: claims ? 'POST' : 'GET',
        path: warm,
        connections: CONNECTIONS,
        durationSeconds: 1,
        templates,
        uniqueIdempotencyKey: claims,
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
    const claimScenarios = ['new key', 'replay', 'credited'].map((n) => `POST add-reward (${n})`)
    if (claimScenarios.some(wanted)) {
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
      await run({
        name: 'POST add-reward (credited)',
        method: 'POST',
        path: '/api/v1/add-reward/',
        templates: credited,
        amount: credited.length,
        uniqueIdempotencyKey: true,
      })
    }

    // Withdrawals to a payee each user has been paid to before (no PIN), keyed, one
    // user's in flight at a time per connection; after the claims, which they would slow.
    if (wanted('POST add-withdraw (known payee)')) {
      const withdrawers = await insertUsers(app, first, USERS)
      await run({
        name: 'POST add-withdraw (known payee)',
        method: 'POST',
        path: '/api/v1/add-withdraw/',
        templates: await knownPayeeWithdrawals(app, baseUrl, withdrawers),
        uniqueIdempotencyKey: true,
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
console.log(
  `PostgreSQL through ${SOCKET ? `its Unix socket (${SOCKET_DIR}; BENCH_PG_TCP=1 for TCP)` : 'TCP (127.0.0.1)'}, ` +
    `pool of ${POOL ?? DEFAULT_POOL_SIZE} connections`,
)
if (scryptEnv)
  console.log(`warning: SCRYPT_N=${scryptEnv} is set; the production default is 131072`)
if (PIN) {
  execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' })
  console.log('pinned: API and floor on CPU 0, the load process on CPU 1 (PostgreSQL unpinned)')
}
const results: Array<[EngineName, Row[]]> = []
for (const engine of engines) {
  console.log(`\n${engine}: starting (load average ${loadAverage()})`)
  results.push([engine, await benchEngine(engine)])
  console.log(`\n${engine}: done (load average ${loadAverage()})`)
}
console.log('')
for (const [engine, rows] of results) printTable(engine, rows)
for (const [engine, rows] of results) printLatencyByStatus(engine, rows)
for (const [engine, rows] of results) printOpenLoop(engine, rows)
printSideBySide(results)
