// Live rules (docs/product.md#rules): an operator edits a rule in the console on one instance; it is
// validated, stored with its history and audit row, served by GET /config/ and enforced on a second
// instance over the same database within seconds. Both engines.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { generate } from 'otplib'
import { buildApp } from '../../server/app.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { RULES_REFRESH_MS } from '../../server/ops/live-rules.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/databases.ts'
import { createTestUser } from '../helpers/users.ts'
import { grantCoins } from '../helpers/ledger.ts'

describe.each(ENGINES)('live rules on %s', (engine) => {
  let database: TestDatabase
  let a: FastifyInstance
  let b: FastifyInstance
  let token: string
  let viewerToken: string

  const call = async (
    app: FastifyInstance,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    body?: unknown,
    auth?: string,
    key?: string,
  ) => {
    const res = await app.inject({
      method,
      url,
      payload: body as Record<string, unknown>,
      headers: {
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
    })
    return {
      status: res.statusCode,
      body: res.json() as Record<string, unknown> & { code?: string },
    }
  }

  const loginAs = async (role: 'operator' | 'viewer') => {
    const e = await createTestOperator(
      a.db,
      `${role}-rules-${engine}@example.com`,
      role,
      new Date(),
    )
    const res = await call(a, 'POST', '/api/v1/ops/login', {
      email: e.operator.email,
      password: e.password,
      totp: await generate({ secret: e.totpSecret }),
    })
    expect(res.status).toBe(200)
    return res.body.token as string
  }

  beforeAll(async () => {
    if (engine === 'sqlite') {
      const file = path.join(
        os.tmpdir(),
        `rules-${process.pid}-${crypto.randomBytes(4).toString('hex')}.db`,
      )
      database = {
        url: `file:${file}`,
        drop: async () => {
          for (const s of ['', '-wal', '-shm']) fs.rmSync(file + s, { force: true })
        },
      }
    } else {
      database = await createTestDatabase('postgres')
    }
    // Each instance reads the stored rules again on a setInterval: faked, so a test moves it on
    // instead of waiting for it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const config = { databaseUrl: database.url, logLevel: 'silent', staticDir: undefined }
    a = await buildApp({ ...config, rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0 } })
    await a.ready()
    b = await buildApp({ ...config, rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0 } })
    await b.ready()
    token = await loginAs('operator')
    viewerToken = await loginAs('viewer')
  })

  afterAll(async () => {
    await a?.close()
    await b?.close()
    vi.useRealTimers()
    await database?.drop()
  })

  it('refuses rules it cannot accept, a missing reason and a viewer', async () => {
    for (const rules of [
      { coinsPerRupee: 50 },
      { withdrawMinVideos: -1 },
      { platformFeeRupees: 9.5 },
      { withdrawRequiresPlatformFee: 'no' },
      { nonsense: 1 },
    ]) {
      const res = await call(a, 'PUT', '/api/v1/ops/rules', { rules, reason: 'trying it' }, token)
      expect(res.status, JSON.stringify(rules)).toBe(400)
      expect(res.body.code).toBe('VALIDATION')
    }
    expect(
      (
        await call(
          a,
          'PUT',
          '/api/v1/ops/rules',
          { rules: { withdrawMinVideos: 5 }, reason: '' },
          token,
        )
      ).status,
    ).toBe(400)
    expect(
      (
        await call(
          a,
          'PUT',
          '/api/v1/ops/rules',
          { rules: { withdrawMinVideos: 5 }, reason: 'viewer try' },
          viewerToken,
        )
      ).status,
    ).toBe(403)
    const count = await a.db
      .selectFrom('rule_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(0)
  })

  it('switches a withdrawal condition off on one instance; the other serves and enforces it within seconds', async () => {
    const user = await createTestUser(b, { platformFeePaid: true, views: 0 })
    await grantCoins(b, user.id, 200_000)
    const before = await call(
      b,
      'POST',
      '/api/v1/add-withdraw/',
      { upi_id: 'u@okaxis', amount: 100, pin: user.pin },
      user.token,
      `r1-${user.id}`,
    )
    expect(before.status).toBe(403)
    expect(before.body.code).toBe('MIN_VIDEOS')

    const saved = await call(
      a,
      'PUT',
      '/api/v1/ops/rules',
      {
        rules: { withdrawMinVideos: 0, signupBonusCoins: 5000 },
        reason: 'videos condition off for Diwali',
      },
      token,
    )
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const servedA = await call(a, 'GET', '/api/v1/config/')
    expect(servedA.body.rules).toMatchObject({
      withdrawMinVideos: 0,
      signupBonusCoins: 5000,
      withdrawMinBalanceRupees: 999,
    })

    const servedB = async () => (await call(b, 'GET', '/api/v1/config/')).body.rules
    // B has not read the rules since it started, so it still serves the old ones.
    expect(await servedB()).toMatchObject({ withdrawMinVideos: 25, signupBonusCoins: 10_000 })
    // B's next periodic read, which runs once its interval has elapsed, takes the saved rules.
    await vi.advanceTimersByTimeAsync(RULES_REFRESH_MS)
    await expect.poll(servedB).toMatchObject({ withdrawMinVideos: 0, signupBonusCoins: 5000 })
    const after = await call(
      b,
      'POST',
      '/api/v1/add-withdraw/',
      { upi_id: 'u@okaxis', amount: 100, pin: user.pin },
      user.token,
      `r2-${user.id}`,
    )
    expect(after.status, JSON.stringify(after.body)).toBe(200)
  })

  it('keeps each version with who saved it and why, and audits the change with before and after', async () => {
    await call(
      a,
      'PUT',
      '/api/v1/ops/rules',
      { rules: { withdrawMinVideos: 10 }, reason: 'back on, lower' },
      token,
    )
    const res = await call(a, 'GET', '/api/v1/ops/rules', undefined, viewerToken)
    expect(res.status).toBe(200)
    const history = res.body.history as {
      rules: { withdrawMinVideos: number }
      actor: string
      reason: string
    }[]
    expect(history.map((h) => [h.rules.withdrawMinVideos, h.reason])).toEqual([
      [10, 'back on, lower'],
      [0, 'videos condition off for Diwali'],
    ])
    expect(history[0]?.actor).toBe(`operator-rules-${engine}@example.com`)
    const audit = await a.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'rules.update')
      .orderBy('id')
      .execute()
    expect(audit).toHaveLength(2)
    expect(JSON.parse(audit[1]?.before ?? '{}')).toMatchObject({ withdrawMinVideos: 0 })
    expect(JSON.parse(audit[1]?.after ?? '{}')).toMatchObject({ withdrawMinVideos: 10 })
  })

  it('saves a repeated save once: a double click or a retry adds no version and no audit row', async () => {
    const save = { rules: { withdrawMinVideos: 12 }, reason: 'twelve videos' }
    const first = await call(a, 'PUT', '/api/v1/ops/rules', save, token)
    const again = await call(a, 'PUT', '/api/v1/ops/rules', save, token)
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    const res = await call(a, 'GET', '/api/v1/ops/rules', undefined, viewerToken)
    const history = res.body.history as { rules: { withdrawMinVideos: number } }[]
    expect(history.map((h) => h.rules.withdrawMinVideos)).toEqual([12, 10, 0])
    const audits = await a.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'rules.update')
      .execute()
    expect(audits).toHaveLength(3)
  })
})

describe('live rules saved at once on two instances (PostgreSQL)', () => {
  let database: TestDatabase
  const apps: FastifyInstance[] = []
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({
        databaseUrl: database.url,
        logLevel: 'silent',
        staticDir: undefined,
      })
      await app.ready()
      apps.push(app)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await database?.drop()
  })

  it('keeps both changes: the second save builds on the first', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance]
    const tokens: string[] = []
    for (const [i, app] of apps.entries()) {
      const e = await createTestOperator(app.db, `race-${i}@example.com`, 'operator', new Date())
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/ops/login',
        payload: {
          email: e.operator.email,
          password: e.password,
          totp: await generate({ secret: e.totpSecret }),
        },
      })
      tokens.push((res.json() as { token: string }).token)
    }
    const save = (app: FastifyInstance, token: string, rules: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/ops/rules',
        payload: { rules, reason: 'parallel edit' },
        headers: { authorization: `Bearer ${token}` },
      })
    const answers = await Promise.all([
      save(a, tokens[0] as string, { withdrawMinVideos: 7 }),
      save(b, tokens[1] as string, { transferFeeRupees: 3 }),
    ])
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200])
    const newest = await a.db
      .selectFrom('rule_versions')
      .select('rules')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(newest.rules)).toMatchObject({ withdrawMinVideos: 7, transferFeeRupees: 3 })
  })
})
