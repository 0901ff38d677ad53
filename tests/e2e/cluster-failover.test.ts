/**
 * `npm run cluster` (scripts/cluster.ts) as operators run it: HAProxy in front of two instances of
 * the built server on one PostgreSQL database and one Redis (docs/product.md#system, docs/operations.md
 * "Several instances").
 *
 * Failover: users send keyed reward claims and withdrawals through HAProxy, each user's in order
 * as the PWA's outbox does, retrying with the same Idempotency-Key on a connection error, a 5xx or
 * 409 IDEMPOTENCY_IN_FLIGHT; one instance is killed with SIGKILL mid-load. HAProxy takes it out,
 * the cluster starts it again, every request is acknowledged, each acknowledged one is in the
 * ledger exactly once, and every balance equals its ledger.
 *
 * Rolling restart: under the same kind of load, SIGHUP makes the cluster drain and restart each
 * instance in turn; not one request fails (the clients try up to 3 times, as the PWA does; the
 * first tries that failed are printed).
 *
 * The command line's checks run everywhere; the cluster itself needs HAProxy (`apt-get install
 * haproxy`, as .ci/run does) and is skipped with a printed reason where it is missing.
 */
import crypto from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import readline from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../../server/db/index.ts'
import type { TestDatabase } from '../helpers/databases.ts'
import {
  activeVideos,
  createWorkloadDatabase,
  handOutVideos,
  postJob,
} from '../helpers/workload.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { countInLedger, grantCoins, unbalancedUsers } from '../helpers/ledger.ts'
import { findHaproxy, freePort, parseClusterArgs, UsageError } from '../../scripts/cluster.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const HAPROXY = findHaproxy()
const USERS = 16
const WITHDRAWAL_RUPEES = 20

if (!HAPROXY) {
  console.warn(
    'cluster-failover: the cluster tests are skipped: HAProxy is not installed ' +
      '(apt-get install haproxy, as .ci/run does)',
  )
}

/** Runs the cluster command with `args` and `env` until it exits; resolves its code and output. */
function runCluster(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

describe('npm run cluster: the command line', () => {
  it.each(['0', '-1', 'abc', '1.5', '1000', ''])(
    'refuses --instances "%s" with a clear message',
    (value) => {
      expect(() => parseClusterArgs(['--instances', value])).toThrow(UsageError)
      expect(() => parseClusterArgs(['--instances', value])).toThrow(
        /--instances must be a whole number from 1 to 32/,
      )
    },
  )

  it('takes --instances, --port and --bind, and PORT from the environment', () => {
    expect(parseClusterArgs([])).toEqual({ instances: 2, port: 8080, bind: '0.0.0.0' })
    expect(parseClusterArgs(['--instances', '3', '--port=9000'], { PORT: '7000' })).toEqual({
      instances: 3,
      port: 9000,
      bind: '0.0.0.0',
    })
    expect(parseClusterArgs(['--bind', '127.0.0.1'], { PORT: '7000' }).port).toBe(7000)
    expect(() => parseClusterArgs(['--instanses', '2'])).toThrow(/unknown argument "--instanses"/)
    expect(() => parseClusterArgs(['--bind', 'somewhere'])).toThrow(/--bind must be an IP/)
  })

  it('exits 2 with the usage for a bad --instances, before it starts anything', async () => {
    const { code, output } = await runCluster(['--instances', '0'], {})
    expect(code).toBe(2)
    expect(output).toContain('--instances must be a whole number from 1 to 32 (got "0")')
    expect(output).toContain('usage: npm run cluster')
  })

  it('exits 1 naming what is missing: a PostgreSQL DATABASE_URL, a REDIS_URL, HAProxy', async () => {
    const { code, output } = await runCluster([], {
      DATABASE_URL: 'file:./data/app.db',
      REDIS_URL: '',
      HAPROXY: '/nonexistent/haproxy',
    })
    expect(code).toBe(1)
    expect(output).toContain('DATABASE_URL must name a PostgreSQL database (postgres://…)')
    expect(output).toContain('REDIS_URL must name a Redis')
    expect(output).toContain('sudo apt-get install haproxy')
  })
})

/** One request of the workload and what became of it. */
interface Job {
  user: TestUser
  path: '/api/v1/add-reward/' | '/api/v1/add-withdraw/'
  body: Record<string, unknown>
  key: string
  attempts: number
  acknowledged?: Record<string, unknown>
}

describe.skipIf(!HAPROXY)('two instances behind HAProxy (npm run cluster)', () => {
  let database: TestDatabase
  let handle: DatabaseHandle
  let app: FastifyInstance
  let cluster: ChildProcess
  let baseUrl = ''
  const users: TestUser[] = []
  /** The cluster's output lines, each with the time it was read (ms since the epoch). */
  const lines: { at: number; text: string }[] = []
  const waiters: { test: RegExp; after: number; resolve: (at: number) => void }[] = []

  /** Resolves the time of the first output line matching `test` read at or after `after`. */
  function line(
    test: RegExp,
    after = 0,
    timeoutMs = 150_000,
  ): Promise<{ at: number; text: string }> {
    const seen = lines.find((l) => l.at >= after && test.test(l.text))
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the cluster printed no line matching ${test}`)),
        timeoutMs,
      )
      waiters.push({
        test,
        after,
        resolve: () => {
          clearTimeout(timer)
          resolve(lines.find((l) => l.at >= after && test.test(l.text)) as (typeof lines)[0])
        },
      })
    })
  }

  /** The pid of instance `name`'s current process, from its latest "ready" line. */
  function pidOf(name: string): number {
    const ready = lines.filter((l) => l.text.includes(`instance ${name} ready (pid `)).at(-1)
    return Number(/pid (\d+)/.exec(ready?.text ?? '')?.[1])
  }

  /** POSTs `job` through HAProxy once; resolves the status and body, or null (no answer). */
  async function send(job: Job): Promise<{ status: number; body: Record<string, unknown> } | null> {
    job.attempts += 1
    return postJob(baseUrl, job, 30_000)
  }

  /**
   * Sends `job` until it is answered, with the same key: again after a connection error, a 5xx or
   * 409 IDEMPOTENCY_IN_FLIGHT (a killed instance's key, released when it starts again).
   */
  async function deliver(job: Job): Promise<void> {
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      const answer = await send(job)
      if (answer && answer.status < 500 && answer.body.code !== 'IDEMPOTENCY_IN_FLIGHT') {
        expect(answer.status, `${job.path} ${JSON.stringify(answer.body)}`).toBe(200)
        job.acknowledged = answer.body
        return
      }
      await new Promise((r) => setTimeout(r, 200))
    }
  }

  const withdrawal = (user: TestUser): Job => ({
    user,
    path: '/api/v1/add-withdraw/',
    body: { upi_id: `u${user.id}@okaxis`, amount: WITHDRAWAL_RUPEES, pin: user.pin },
    key: crypto.randomUUID(),
    attempts: 0,
  })

  beforeAll(async () => {
    // Withdrawals need no referrals, videos or minimum balance here, so the workload can withdraw.
    ;({ database, handle, app } = await createWorkloadDatabase('cluster test workload'))
    for (let u = 0; u < USERS; u++) {
      const user = await createTestUser(app, { platformFeePaid: true })
      await grantCoins(app, user.id, 1_000_000)
      users.push(user)
    }
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    cluster = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/cluster.ts', '--instances', '2', '--port', String(port)],
      {
        env: { ...process.env, DATABASE_URL: database.url, REDIS_URL, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    for (const stream of [cluster.stdout, cluster.stderr]) {
      readline.createInterface({ input: stream as NodeJS.ReadableStream }).on('line', (text) => {
        const entry = { at: Date.now(), text }
        lines.push(entry)
        for (const w of [...waiters]) {
          if (entry.at >= w.after && w.test.test(text)) {
            waiters.splice(waiters.indexOf(w), 1)
            w.resolve(entry.at)
          }
        }
      })
    }
    await line(/cluster: serving http/, 0, 240_000)
  }, 300_000)

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      await new Promise((resolve) => {
        cluster.once('exit', resolve)
        cluster.kill('SIGTERM')
      })
    }
    await handle?.close()
    await database?.drop()
  }, 60_000)

  it('loses nothing when an instance is killed with SIGKILL under load: every acknowledged request is in the ledger exactly once', async () => {
    const videos = await activeVideos(handle.db)
    // Each user was handed every video 20 minutes ago; the claims' watched_at follow one another
    // by more than any timer, as a phone replaying its queue sends them.
    const base = Date.now() - 20 * 60_000
    const byUser = new Map<number, Job[]>()
    for (const user of users) {
      await handOutVideos(handle.db, user.id, videos, new Date(base))
      const own: Job[] = videos.map((v, k) => ({
        user,
        path: '/api/v1/add-reward/',
        body: { dashboard_id: v.id, watched_at: new Date(base + (k + 1) * 61_000).toISOString() },
        key: crypto.randomUUID(),
        attempts: 0,
      }))
      // A withdrawal after every third claim.
      for (let i = own.length; i > 0; i -= 3) own.splice(i, 0, withdrawal(user))
      byUser.set(user.id, own)
    }
    const jobs = [...byUser.values()].flat()
    let acknowledged = 0
    let reachedQuarter: () => void = () => {}
    const quarter = new Promise<void>((resolve) => (reachedQuarter = resolve))
    const load = Promise.all(
      [...byUser.values()].map(async (own) => {
        for (const job of own) {
          await deliver(job)
          acknowledged += 1
          if (acknowledged >= jobs.length / 4) reachedQuarter()
        }
      }),
    )
    await quarter
    const victim = pidOf('i1')
    expect(victim).toBeGreaterThan(0)
    const killedAt = Date.now()
    process.kill(victim, 'SIGKILL')
    const down = await line(/Server api\/i1 is DOWN/, killedAt)
    const backUp = line(/cluster: instance i1 ready/, killedAt)
    await load
    const inHaproxyAgain = await line(/Server api\/i1 is UP/, (await backUp).at)

    const { inLedger, doubled } = await countInLedger(app, jobs)
    const figures = {
      requestsSent: jobs.length,
      attempts: jobs.reduce((sum, j) => sum + j.attempts, 0),
      acknowledged: jobs.filter((j) => j.acknowledged).length,
      inLedger,
      doubled,
      failed: jobs.filter((j) => !j.acknowledged).length,
      ackedBeforeKill: Math.round(jobs.length / 4),
      msToTakeOut: down.at - killedAt,
      msToBackInHaproxy: inHaproxyAgain.at - killedAt,
      reason: down.text.replace(/.*is DOWN, /, '').slice(0, 80),
    }
    console.log(`cluster failover: ${JSON.stringify(figures)}`)
    expect(figures.failed).toBe(0)
    expect(figures.acknowledged).toBe(jobs.length)
    expect(figures.inLedger).toBe(jobs.length)
    expect(figures.doubled).toBe(0)
    expect(await unbalancedUsers(app)).toEqual([])
    // Each withdrawal acknowledged is one withdrawal row, never two.
    for (const user of users) {
      const rows = await handle.db
        .selectFrom('withdrawals')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
      const sent = jobs.filter((j) => j.user === user && j.path === '/api/v1/add-withdraw/')
      expect(rows).toHaveLength(sent.length)
    }
  }, 180_000)

  it('restarts the instances one at a time on SIGHUP with not one failed request', async () => {
    let restartDone = false
    const outcomes = { ok: 0, failed: [] as string[], firstTryFailed: [] as string[] }
    const jobs: Job[] = []
    const sentAt = Date.now()
    cluster.kill('SIGHUP')
    const done = line(/rolling restart done/, sentAt, 170_000).then((l) => {
      restartDone = true
      return l
    })
    /**
     * Up to 3 tries, as the PWA does: again (the same key) after no answer, a 5xx or 409
     * IDEMPOTENCY_IN_FLIGHT. A first try that failed is counted apart, for the report.
     */
    const tryThrice = async (
      label: string,
      attempt: () => Promise<{ status: number; body?: Record<string, unknown> } | null>,
    ) => {
      for (let t = 1; t <= 3; t++) {
        const answer = await attempt()
        if (answer?.status === 200) return answer
        const what = `${label}: ${answer?.status ?? 'no answer'} ${String(answer?.body?.code ?? '')}`
        if (t === 1) outcomes.firstTryFailed.push(what)
        if (
          t === 3 ||
          (answer && answer.status < 500 && answer.body?.code !== 'IDEMPOTENCY_IN_FLIGHT')
        ) {
          outcomes.failed.push(what)
          return null
        }
        await new Promise((r) => setTimeout(r, 200))
      }
      return null
    }
    // Each user in turn: a keyed withdrawal, then its balance.
    await Promise.all(
      users.map(async (user) => {
        while (!restartDone) {
          const job = withdrawal(user)
          jobs.push(job)
          const answer = await tryThrice('withdraw', () => send(job))
          if (answer) {
            job.acknowledged = answer.body
            outcomes.ok += 1
          }
          const read = await tryThrice('get-user', async () => {
            const res = await fetch(`${baseUrl}/api/v1/get-user/`, {
              headers: { authorization: `Bearer ${user.token}` },
              signal: AbortSignal.timeout(30_000),
            }).catch(() => null)
            return res && { status: res.status }
          })
          if (read) outcomes.ok += 1
        }
      }),
    )
    const finished = await done
    const drained = lines.filter(
      (l) => l.at >= sentAt && /Server api\/i\d is DOWN/.test(l.text) && /code: 503/.test(l.text),
    )
    const { inLedger, doubled } = await countInLedger(app, jobs)
    console.log(
      `cluster rolling restart: ${JSON.stringify({
        requests: outcomes.ok + outcomes.failed.length,
        ok: outcomes.ok,
        failed: outcomes.failed.length,
        firstTryFailed: outcomes.firstTryFailed,
        withdrawals: jobs.length,
        inLedger,
        doubled,
        seconds: (finished.at - sentAt) / 1000,
        drainedByReadyz: drained.length,
      })}`,
    )
    expect(outcomes.failed).toEqual([])
    expect(outcomes.ok).toBeGreaterThan(0)
    expect(inLedger).toBe(jobs.filter((j) => j.acknowledged).length)
    expect(doubled).toBe(0)
    // Each instance was taken out by its readyz answering 503 while it drained, not by a refusal.
    expect(new Set(drained.map((l) => /api\/(i\d)/.exec(l.text)?.[1]))).toEqual(
      new Set(['i1', 'i2']),
    )
    expect(await unbalancedUsers(app)).toEqual([])
  }, 180_000)
})
