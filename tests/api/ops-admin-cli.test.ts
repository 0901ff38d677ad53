// `npm run ops -- create-admin` and `npm run ops -- backup`: the enrolment prints a one-time
// password and an otpauth:// URI (with a terminal QR) that log in; the backup, run as a real
// `npm run ops` child process, copies a SQLite database consistently while an app writes to it.
// The other commands run in the test's process (runOps, the function server/ops/cli.ts calls).
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import SQLite from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { generate } from 'otplib'
import { buildApp } from '../../server/app.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { createTestUser } from '../helpers/users.ts'
import { grantCoins } from '../helpers/ledger.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts'
import { runOps, spawnOps } from '../helpers/operators.ts'

const tmp = (name: string) =>
  path.join(os.tmpdir(), `${name}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`)

describe('npm run ops -- create-admin and backup on SQLite', () => {
  const file = `${tmp('admin')}.db`
  const url = `file:${file}`
  const backupFile = `${tmp('backup')}.db`
  let app: FastifyInstance

  beforeAll(async () => {
    app = await buildApp({
      databaseUrl: url,
      logLevel: 'silent',
      staticDir: undefined,
      rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0, withdrawMinVideos: 0 },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    for (const f of [file, `${file}-wal`, `${file}-shm`, backupFile]) fs.rmSync(f, { force: true })
  })

  it('enrols an operator whose printed password and TOTP URI log in to the console', async () => {
    const out = await runOps(url, 'create-admin', 'Lead@Example.com', '--role', 'viewer')
    expect(out.code, out.stderr).toBe(0)
    expect(out.stdout).toContain('Created viewer lead@example.com.')
    const password = /One-time password \(shown only now\): (\S+)/.exec(out.stdout)?.[1] ?? ''
    const uri = /(otpauth:\/\/totp\/\S+)/.exec(out.stdout)?.[1] ?? ''
    expect(uri).toMatch(/issuer=Watch%20Earn%20Ops/)
    expect(out.stdout).toContain('▄') // the QR code, drawn with block characters
    const secret = new URL(uri).searchParams.get('secret') ?? ''
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/ops/login',
      payload: { email: 'lead@example.com', password, totp: await generate({ secret }) },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ operator: { email: 'lead@example.com', role: 'viewer' } })
    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'operator.create')
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]?.actor).toMatch(/^cli:/)
  })

  it('disables an operator: their session ends and they cannot log in again', async () => {
    const out = await runOps(url, 'create-admin', 'leaver@example.com', '--role', 'operator')
    const password = /One-time password \(shown only now\): (\S+)/.exec(out.stdout)?.[1] ?? ''
    const secret =
      new URL(/(otpauth:\/\/totp\/\S+)/.exec(out.stdout)?.[1] ?? '').searchParams.get('secret') ??
      ''
    const login = (totp: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/ops/login',
        payload: { email: 'leaver@example.com', password, totp },
      })
    const first = await login(await generate({ secret }))
    expect(first.statusCode).toBe(200)
    const token = (first.json() as { token: string }).token
    const disabled = await runOps(url, 'disable-admin', 'leaver@example.com')
    expect(disabled.code, disabled.stderr).toBe(0)
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/ops/me',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(me.statusCode).toBe(401)
    const again = await login(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }))
    expect(again.statusCode).toBe(401)
    expect((await runOps(url, 'disable-admin', 'nobody@example.com')).code).toBe(1)
  })

  it('refuses a missing or unknown role', async () => {
    const out = await runOps(url, 'create-admin', 'x@example.com', '--role', 'boss')
    expect(out.code).toBe(1)
    expect(out.stderr).toContain('--role must be operator or viewer.')
  })

  it('audits the command line’s pay and fail like the console’s, as cli:<user>', async () => {
    const user = await createTestUser(app, { platformFeePaid: true })
    await grantCoins(app, user.id, 300_000)
    const ids: number[] = []
    for (const amount of [1000, 1200]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/add-withdraw/',
        payload: { upi_id: 'cli@okaxis', amount, pin: user.pin },
        headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': `cli-${amount}` },
      })
      expect(res.statusCode, res.body).toBe(200)
      ids.push((res.json() as { data: { withdrawal_id: number } }).data.withdrawal_id)
    }
    expect((await runOps(url, 'pay-withdrawal', String(ids[0]), '912345678901')).code).toBe(0)
    expect((await runOps(url, 'fail-withdrawal', String(ids[1]), 'UPI', 'ID', 'closed')).code).toBe(
      0,
    )
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'entity_id', 'reason'])
      .where('entity', '=', 'withdrawals')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => [a.action, a.entity_id, a.reason])).toEqual([
      ['withdrawal.pay', String(ids[0]), null],
      ['withdrawal.fail', String(ids[1]), 'UPI ID closed'],
    ])
    expect(audit.every((a) => a.actor.startsWith('cli:'))).toBe(true)
  })

  it('backs the database up while the app writes, into a consistent copy', async () => {
    const user = await createTestUser(app)
    let writing = true
    const writer = (async () => {
      while (writing) {
        await grantCoins(app, user.id, 1)
        // better-sqlite3 answers synchronously: let the child process's events through.
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()
    const out = await spawnOps(url, 'backup', backupFile)
    writing = false
    await writer
    expect(out.code, out.stderr).toBe(0)
    expect(out.stdout).toMatch(/Backed up .* \(\d+ pages\)\./)
    const copy = new SQLite(backupFile, { readonly: true })
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      const row = copy
        .prepare(
          'select u.points as points, (select coalesce(sum(coins), 0) from ledger_entries where user_id = u.id) as ledger from users u where u.id = ?',
        )
        .get(user.id) as { points: number; ledger: number }
      expect(row.points).toBe(row.ledger)
      expect(copy.prepare('select count(*) as n from operators').get()).toEqual({ n: 2 })
    } finally {
      copy.close()
    }
  })
})

describe('npm run ops -- backup on PostgreSQL', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
  })
  afterAll(async () => database?.drop())

  it('says to use pg_dump', async () => {
    const out = await runOps(database.url, 'backup', `${tmp('pg')}.db`)
    expect(out.code).toBe(1)
    expect(out.stderr).toContain('pg_dump')
  })
})
