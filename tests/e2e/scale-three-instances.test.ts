/**
 * Runs at scale (docs/product.md#system): three API instances (real processes, `server/index.ts`) on one
 * PostgreSQL database and one Redis. Reward claims and withdrawals, each with its Idempotency-Key,
 * are spread over the three while one instance is killed with SIGKILL and restarted; a request that
 * gets no answer is sent again with the same key to the next instance, as the PWA's outbox does.
 * Then: every acknowledged request is in the ledger exactly once, every user's ledger sums to their
 * balance, and a rule saved through one instance's console is served by the other two within
 * seconds.
 */
import crypto from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { generate } from 'otplib'
import type { DatabaseHandle } from '../../server/db/index.ts'
import type { TestDatabase } from '../helpers/databases.ts'
import {
  activeVideos,
  createWorkloadDatabase,
  handOutVideos,
  postJob,
} from '../helpers/workload.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { grantCoins, ledgerRowsOf, unbalancedUsers } from '../helpers/ledger.ts'
import { freePort } from '../../scripts/cluster.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const USERS = 12
const WITHDRAWALS_PER_USER = 2

interface Instance {
  port: number
  url: string
  child: ChildProcess | null
}

/** One request of the workload, with the answer it was acknowledged with (if any). */
interface Job {
  user: TestUser
  path: '/api/v1/add-reward/' | '/api/v1/add-withdraw/'
  body: Record<string, unknown>
  key: string
  acknowledged?: Record<string, unknown>
}

describe('three API instances on one PostgreSQL and one Redis, one killed with SIGKILL', () => {
  let database: TestDatabase
  let handle: DatabaseHandle
  let app: FastifyInstance
  const instances: Instance[] = []
  const jobs: Job[] = []
  let users: TestUser[] = []
  let deliveries = 0
  let retries = 0

  async function start(instance: Instance): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        PORT: String(instance.port),
        DATABASE_URL: database.url,
        REDIS_URL,
        STATIC_DIR: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    instance.child = child
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const ready = await fetch(`${instance.url}/api/v1/readyz`).catch(() => null)
      if (ready?.status === 200) return
      if (child.exitCode !== null)
        throw new Error(`instance on ${instance.port} exited (${child.exitCode})`)
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error(`instance on ${instance.port} did not become ready`)
  }

  function kill(instance: Instance): Promise<void> {
    const child = instance.child
    instance.child = null
    if (!child || child.exitCode !== null) return Promise.resolve()
    return new Promise((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })
  }

  /**
   * Sends `job` to instance `first`, then to the next ones while no answer comes (same key). A
   * 409 IDEMPOTENCY_IN_FLIGHT (the key was taken by a request the killed instance never
   * finished) is retried until the restarted instance releases it.
   */
  async function deliver(job: Job, first: number): Promise<void> {
    const deadline = Date.now() + 90_000
    for (let attempt = 0; Date.now() < deadline; attempt++) {
      const instance = instances[(first + attempt) % instances.length] as Instance
      deliveries++
      const answer = await postJob(instance.url, job, 15_000)
      if (answer && answer.status < 500 && answer.body.code !== 'IDEMPOTENCY_IN_FLIGHT') {
        expect(answer.status, `${job.path} ${JSON.stringify(answer.body)}`).toBe(200)
        job.acknowledged = answer.body
        return
      }
      retries++
      await new Promise((r) => setTimeout(r, 250))
    }
    throw new Error(`no instance answered ${job.path} ${job.key}`)
  }

  beforeAll(async () => {
    // Withdrawals need no referrals, videos or minimum balance here, so the workload can withdraw.
    ;({ database, handle, app } = await createWorkloadDatabase('scale test workload'))
    for (let i = 0; i < 3; i++) {
      const port = await freePort()
      instances.push({ port, url: `http://127.0.0.1:${port}`, child: null })
    }
    for (const instance of instances) await start(instance)

    const videos = await activeVideos(handle.db)
    // Each user was handed every video 20 minutes ago; the claims' watched_at follow one another
    // by more than any timer, as a phone replaying its queue sends them.
    const base = Date.now() - 20 * 60_000
    users = []
    for (let u = 0; u < USERS; u++) {
      const user = await createTestUser(app, { platformFeePaid: true })
      await grantCoins(app, user.id, 100_000)
      await handOutVideos(handle.db, user.id, videos, new Date(base))
      videos.forEach((v, k) =>
        jobs.push({
          user,
          path: '/api/v1/add-reward/',
          body: { dashboard_id: v.id, watched_at: new Date(base + (k + 1) * 61_000).toISOString() },
          key: crypto.randomUUID(),
        }),
      )
      for (let w = 0; w < WITHDRAWALS_PER_USER; w++) {
        jobs.push({
          user,
          path: '/api/v1/add-withdraw/',
          // The PIN: the UPI ID is new to the user until its first withdrawal is in.
          body: { upi_id: `u${user.id}@okaxis`, amount: 100, pin: user.pin },
          key: crypto.randomUUID(),
        })
      }
      users.push(user)
    }
    // Interleave users so each batch touches many of them; keep each user's claims in order.
    jobs.sort(
      (a, b) =>
        jobs.filter((j) => j.user === a.user).indexOf(a) -
        jobs.filter((j) => j.user === b.user).indexOf(b),
    )
  }, 300_000)

  afterAll(async () => {
    for (const instance of instances) await kill(instance)
    await handle?.close()
    await database?.drop()
  })

  it('acknowledges every claim and withdrawal while an instance is killed and restarted', async () => {
    const third = Math.ceil(jobs.length / 3)
    const run = async (slice: Job[], offset: number) => {
      // One request per user at a time (a phone's outbox sends in order), many users at once.
      const byUser = new Map<number, Job[]>()
      for (const job of slice) byUser.set(job.user.id, [...(byUser.get(job.user.id) ?? []), job])
      await Promise.all(
        [...byUser.values()].map(async (own, u) => {
          for (const [i, job] of own.entries())
            await deliver(job, (offset + u + i) % instances.length)
        }),
      )
    }
    await run(jobs.slice(0, third), 0)
    const victim = instances[1] as Instance
    // Killed while the second third is in flight, and started again while it goes on.
    const secondJobs = jobs.slice(third, 2 * third)
    const second = run(secondJobs, 1)
    while (secondJobs.filter((j) => j.acknowledged).length < 3) {
      await new Promise((r) => setTimeout(r, 5))
    }
    await kill(victim)
    await new Promise((r) => setTimeout(r, 500))
    await Promise.all([second, start(victim)])
    await run(jobs.slice(2 * third), 2)
    expect(jobs.every((j) => j.acknowledged)).toBe(true)
    expect(retries, 'some requests met the killed instance').toBeGreaterThan(0)
    expect(deliveries).toBeGreaterThan(jobs.length)
  }, 180_000)

  it('has every acknowledged request in the ledger exactly once, and every balance equal to its ledger', async () => {
    for (const job of jobs) {
      const rows = await ledgerRowsOf(app, job)
      if (job.path === '/api/v1/add-reward/') {
        expect(rows, `reward ${job.key}`).toHaveLength(1)
      } else {
        const id = (job.acknowledged?.data as { withdrawal_id: number }).withdrawal_id
        expect(rows.map((h) => [h.kind, h.coins]).sort(), `withdrawal ${id}`).toEqual([
          ['transfer_fee', -100],
          ['withdrawal_hold', -10_000],
        ])
      }
    }
    for (const user of users) {
      const withdrawals = await handle.db
        .selectFrom('withdrawals')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
      expect(withdrawals).toHaveLength(WITHDRAWALS_PER_USER)
    }
    expect(await unbalancedUsers(app)).toEqual([])
  })

  it('serves a rule saved through one instance’s console from the other two within seconds', async () => {
    const op = await createTestOperator(handle.db, 'scale-ops@example.com', 'operator', new Date())
    const [a, b, c] = instances as [Instance, Instance, Instance]
    const login = await fetch(`${a.url}/api/v1/ops/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: op.operator.email,
        password: op.password,
        totp: await generate({ secret: op.totpSecret }),
      }),
    })
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const saved = await fetch(`${a.url}/api/v1/ops/rules`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ rules: { transferFeeRupees: 2 }, reason: 'bank raised its fee' }),
    })
    expect(saved.status).toBe(200)
    const started = Date.now()
    for (const other of [b, c]) {
      let fee: unknown
      while (Date.now() - started < 8000) {
        const config = (await (await fetch(`${other.url}/api/v1/config/`)).json()) as {
          rules: { transferFeeRupees: number }
        }
        fee = config.rules.transferFeeRupees
        if (fee === 2) break
        await new Promise((r) => setTimeout(r, 200))
      }
      expect(fee, `instance on ${other.port}`).toBe(2)
    }
    expect(Date.now() - started).toBeLessThan(8000)
  })
})
