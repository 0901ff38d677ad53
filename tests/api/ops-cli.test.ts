// `npm run ops` against a SQLite file and a PostgreSQL database: listings, confirm/reject,
// pay/fail, refund, user, bad input. The commands run in the test's process (runOps, the function
// server/ops/cli.ts calls); on each engine one runs as a real `npm run ops` child process too.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/databases.ts'
import { runOps, spawnOps } from '../helpers/operators.ts'
import { createEligibleUser, createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced } from '../helpers/ledger.ts'

const OPS_TIMEOUT = 120_000

describe.each(ENGINES)('npm run ops on %s', (engine) => {
  let app: FastifyInstance
  let database: TestDatabase
  let url: string
  const ops = (...args: string[]) => runOps(url, ...args)

  beforeAll(async () => {
    if (engine === 'sqlite') {
      const file = path.join(
        os.tmpdir(),
        `ops-${process.pid}-${crypto.randomBytes(4).toString('hex')}.db`,
      )
      url = `file:${file}`
      database = {
        url,
        drop: async () => {
          for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true })
        },
      }
    } else {
      database = await createTestDatabase('postgres')
      url = database.url
    }
    app = await buildApp({ databaseUrl: url, logLevel: 'silent', staticDir: undefined })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })
  afterEach(async () => {
    await assertLedgerBalanced(app)
  })

  const call = async (method: 'GET' | 'POST', urlPath: string, user: TestUser, body?: unknown) => {
    const res = await app.inject({
      method,
      url: urlPath,
      payload: body as object,
      headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': crypto.randomUUID() },
    })
    return res.json() as { data: Record<string, unknown> }
  }
  const userRow = (user: TestUser) =>
    app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()

  it(
    'lists pending orders and confirm-order applies the plan with a ledger row',
    async () => {
      const user = await createTestUser(app)
      const plan = await app.db
        .selectFrom('membership_plans')
        .selectAll()
        .where('deposit_point', '!=', 'FREE')
        .orderBy('id')
        .executeTakeFirstOrThrow()
      const order = await call('POST', '/api/v1/create-order/', user, {
        amount: Number(plan.deposit_point),
        membership_plan_id: plan.id,
      })
      const orderId = order.data.order_id as string

      // The user gives the UTR of their payment; the operator sees it beside the order.
      const utr = await call('POST', `/api/v1/orders/${orderId}/utr/`, user, {
        utr: '412345678901',
      })
      expect(utr.data).toMatchObject({ utr: '412345678901' })

      const list = await ops('orders')
      expect(list.code).toBe(0)
      expect(list.stdout).toContain(orderId)
      expect(list.stdout).toContain(user.email)
      expect(list.stdout).toMatch(/ORDER\s+USER\s+PURPOSE/)
      expect(list.stdout).toMatch(/USER UTR/)
      expect(list.stdout).toContain('412345678901')

      // A reference other than the user's UTR is refused; theirs confirms the order.
      expect((await ops('confirm-order', orderId, 'UPIREF0001')).code).toBe(1)
      const confirmed = await ops('confirm-order', orderId, '412345678901')
      expect(confirmed).toMatchObject({ code: 0 })
      expect(confirmed.stdout).toContain(`Order ${orderId} confirmed`)
      expect((await userRow(user)).membership_plan_id).toBe(plan.id)
      const rows = await app.db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute()
      expect(rows).toMatchObject([
        { kind: 'membership_deposit', coins: 0, reference: '412345678901' },
      ])

      expect((await ops('orders')).stdout).not.toContain(orderId)
      expect((await ops('orders', '--status', 'all')).stdout).toContain(orderId)
    },
    OPS_TIMEOUT,
  )

  it(
    'confirm-order of a fee order sets platform_fee_paid; refund-fee refunds it',
    async () => {
      const user = await createTestUser(app)
      const order = await call('POST', '/api/v1/create-order/', user, {
        amount: 99,
        membership_plan_id: null,
      })
      const confirmed = await ops('confirm-order', order.data.order_id as string, 'FEEREF77')
      expect(confirmed.code).toBe(0)
      expect((await userRow(user)).platform_fee_paid).toBe(1)

      const refund = await ops('refund-fee', user.email, 'REFUND77')
      expect(refund.code).toBe(0)
      expect(refund.stdout).toContain('refunded')
      expect((await userRow(user)).platform_fee_paid).toBe(0)
      const kinds = await app.db
        .selectFrom('ledger_entries')
        .select(['kind', 'coins', 'reference'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute()
      expect(kinds).toEqual([
        { kind: 'platform_fee', coins: 0, reference: 'FEEREF77' },
        { kind: 'platform_fee_refund', coins: 0, reference: 'REFUND77' },
      ])
      // The refund is audited with the fee flag before and after.
      const audit = await app.db
        .selectFrom('audit_log')
        .select(['actor', 'entity', 'entity_id', 'before', 'after'])
        .where('action', '=', 'fee.refund')
        .executeTakeFirstOrThrow()
      expect(audit).toMatchObject({ entity: 'users', entity_id: String(user.id) })
      expect(audit.actor).toMatch(/^cli:/)
      expect(JSON.parse(audit.before!)).toEqual({ platform_fee_paid: 1 })
      expect(JSON.parse(audit.after!)).toMatchObject({
        platform_fee_paid: 0,
        upi_reference: 'REFUND77',
      })
      const again = await ops('refund-fee', user.phone, 'REFUND78')
      expect(again.code).toBe(1)
      expect(again.stderr).toContain('no platform fee to refund')
      // A refused refund leaves no audit row.
      expect(
        await app.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'fee.refund')
          .execute(),
      ).toHaveLength(1)
    },
    OPS_TIMEOUT,
  )

  it(
    'pay-withdrawal marks one paid with its reference; fail-withdrawal returns the coins',
    async () => {
      const user = await createEligibleUser(app, { coins: 300_000 })
      const first = await call('POST', '/api/v1/add-withdraw/', user, {
        upi_id: 'asha@upi',
        amount: 500,
        pin: user.pin,
      })
      const second = await call('POST', '/api/v1/add-withdraw/', user, {
        upi_id: 'asha@upi',
        amount: 700,
      })
      const firstId = String(first.data.withdrawal_id)
      const secondId = String(second.data.withdrawal_id)
      expect((await userRow(user)).points).toBe(300_000 - 50_100 - 70_100)

      // The later request falls due first (and is overdue): the queue is ordered by due date.
      await app.db
        .updateTable('withdrawals')
        .set({ due_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', Number(secondId))
        .execute()
      const list = await ops('withdrawals')
      expect(list.code).toBe(0)
      expect(list.stdout).toContain('asha@upi')
      expect(list.stdout).toContain('₹700')
      expect(list.stdout.indexOf('₹700')).toBeLessThan(list.stdout.indexOf('₹500'))
      expect(list.stdout).toContain('2020-01-01T00:00:00.000Z OVERDUE')
      expect(list.stdout.match(/OVERDUE/g)).toHaveLength(1)

      const paid = await ops('pay-withdrawal', firstId, 'UTR5550001')
      expect(paid.code).toBe(0)
      const failed = await ops('fail-withdrawal', secondId, 'UPI', 'ID', 'closed')
      expect(failed.code).toBe(0)
      expect(failed.stdout).toContain('70100 coins returned')
      expect((await userRow(user)).points).toBe(300_000 - 50_100)

      const rows = await app.db
        .selectFrom('withdrawals')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute()
      expect(rows.map((r) => [r.status, r.upi_reference, r.reason])).toEqual([
        ['paid', 'UTR5550001', null],
        ['failed', null, 'UPI ID closed'],
      ])
      const shown = await ops('user', user.email)
      expect(shown.code).toBe(0)
      expect(shown.stdout).toContain(`Balance: ${300_000 - 50_100} coins`)
      expect(shown.stdout).toContain('balanced')
      expect(shown.stdout).toContain('withdrawal_return')
    },
    OPS_TIMEOUT,
  )

  it(
    'exits 1 with a clear message on bad input and changes nothing',
    async () => {
      const before = await app.db.selectFrom('ledger_entries').select('id').execute()
      const cases: [string[], RegExp][] = [
        [['confirm-order', 'WE0000000000000000', 'REF1'], /No order WE0000000000000000/],
        [['confirm-order', 'WE0000000000000000'], /Missing argument/],
        [['pay-withdrawal', 'abc', 'REF1'], /withdrawal id must be a number/],
        [['fail-withdrawal', '999999'], /No withdrawal 999999/],
        [
          ['user', 'nobody@example.com'],
          /No user with email, phone or referral code nobody@example.com/,
        ],
        [['orders', '--status', 'weird'], /--status must be one of/],
        [['launch-rockets'], /Unknown command launch-rockets/],
      ]
      for (const [args, message] of cases) {
        const result = await ops(...args)
        expect(result.code, args.join(' ')).toBe(1)
        expect(result.stderr).toMatch(message)
      }
      // The real entry, `npm run ops` in its own process, exits 1 with the message on stderr.
      const spawned = await spawnOps(url, 'confirm-order', 'WE0000000000000000', 'REF1')
      expect(spawned.code).toBe(1)
      expect(spawned.stderr).toMatch(/No order WE0000000000000000/)
      expect(spawned.stdout).toBe('')
      expect(await app.db.selectFrom('ledger_entries').select('id').execute()).toHaveLength(
        before.length,
      )
    },
    OPS_TIMEOUT,
  )
})
