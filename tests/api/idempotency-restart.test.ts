// Keys left "in flight" by a crash are released when the app starts again (docs/product.md#api, #security), on both
// engines: a retry after the restart runs at once (no 409 for a minute) and still credits once. On
// PostgreSQL a key whose request is still running elsewhere (its row held by a live transaction) is
// left alone.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { requestHash } from '../../server/earning/idempotency-keys.ts'
import { ENGINES, createTestDatabase, type TestDatabase } from '../helpers/databases.ts'
import { createTestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'

describe.each(ENGINES)('in-flight idempotency keys after a restart on %s', (engine) => {
  const clock = testClock()
  let database: TestDatabase
  let dir = ''
  const apps: FastifyInstance[] = []

  beforeAll(async () => {
    if (engine === 'sqlite') {
      // A file, so a second app opens the same data.
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restart-'))
      database = { url: `file:${path.join(dir, 'app.db')}`, drop: async () => {} }
    } else {
      database = await createTestDatabase(engine)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await database?.drop()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  const start = async () => {
    const app = await buildApp({
      databaseUrl: database.url,
      logLevel: 'silent',
      staticDir: undefined,
      clock: clock.now,
    })
    await app.ready()
    apps.push(app)
    return app
  }

  /** The in-flight row a request leaves when the process dies before its transaction commits. */
  const crashedKey = (app: FastifyInstance, userId: number, key: string, body: unknown) =>
    app.db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key: `client:${key}`,
        route: 'add-reward',
        request_hash: requestHash('add-reward', body),
        state: 'in_flight',
        response_status: null,
        response_body: null,
        created_at: clock.iso(),
        updated_at: clock.iso(),
      })
      .execute()

  it('releases a crashed request key at start-up so the retry runs at once and credits once', async () => {
    const first = await start()
    const user = await createTestUser(first)
    const videos = await first.inject({
      method: 'GET',
      url: '/api/v1/dashboard/',
      headers: { authorization: user.token },
    })
    const video = (videos.json() as Array<{ id: number; timer: number }>)[0]!
    clock.advance(video.timer)
    const body = { dashboard_id: video.id }
    const key = crypto.randomUUID()
    await crashedKey(first, user.id, key, body)
    const claim = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/add-reward/',
        headers: { authorization: user.token, 'idempotency-key': key },
        payload: body,
      })
    expect((await claim(first)).statusCode).toBe(409)
    await first.close()
    apps.splice(apps.indexOf(first), 1)

    const second = await start()
    const retried = await claim(second)
    expect(retried.statusCode).toBe(200)
    expect(await claim(second)).toMatchObject({ statusCode: 200, body: retried.body })
    const rewards = await second.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'video_reward')
      .execute()
    expect(rewards).toHaveLength(1)
    await assertLedgerBalanced(second)
  })
})

// Only PostgreSQL serves several instances at once (docs/product.md#system); SQLite has one writer.
describe('in-flight idempotency keys held by a live request on postgres', () => {
  const engine = 'postgres' as const
  let database: TestDatabase
  const apps: FastifyInstance[] = []
  beforeAll(async () => {
    database = await createTestDatabase(engine)
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await database?.drop()
  })
  const start = async () => {
    const app = await buildApp({
      databaseUrl: database.url,
      logLevel: 'silent',
      staticDir: undefined,
    })
    await app.ready()
    apps.push(app)
    return app
  }
  const crashedKey = (app: FastifyInstance, userId: number, key: string) =>
    app.db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key: `client:${key}`,
        route: 'add-reward',
        request_hash: requestHash('add-reward', { dashboard_id: 1 }),
        state: 'in_flight',
        response_status: null,
        response_body: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute()

  it('leaves a key alone whose request is still running in another instance', async () => {
    const app = await start()
    const user = await createTestUser(app)
    const key = crypto.randomUUID()
    await crashedKey(app, user.id, key)
    // Another instance's live transaction holds the row, as runIdempotent does.
    const other = new pg.Client({ connectionString: database.url })
    await other.connect()
    await other.query('begin')
    await other.query(
      `update idempotency_keys set updated_at = updated_at where user_id = $1 and key = $2`,
      [user.id, `client:${key}`],
    )
    const restarted = await start()
    const row = await restarted.db
      .selectFrom('idempotency_keys')
      .select('state')
      .where('user_id', '=', user.id)
      .where('key', '=', `client:${key}`)
      .executeTakeFirst()
    expect(row?.state).toBe('in_flight')
    await other.query('rollback')
    await other.end()
  })
})
