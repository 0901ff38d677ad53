// `npm run ops -- import-statement FILE.csv` (docs/product.md#operators), on both engines: rows whose UTR and
// amount match an open order confirm it; an amount mismatch, an unknown UTR, a duplicate row and an
// unreadable row are listed for a person and change nothing; a second import confirms nothing new.
// One run goes through the real CLI process. The ledger is checked after every test.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFile } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { appContext } from '../../server/context.ts'
import { importStatement, parseStatement } from '../../server/ops/statement-import.ts'
import { renderImport, runStatementCommand } from '../../server/ops/statement-commands.ts'

const newUtr = () =>
  String(crypto.randomInt(100_000, 999_999)) + String(crypto.randomInt(100_000, 999_999))

describe('parsing a statement export', () => {
  it('skips the header and blank lines, reads quoted payers and rupee amounts, and flags bad rows (an all-zeros UTR too)', () => {
    const text = [
      'Date,UTR,Amount,Payer',
      '2026-11-23,412345678901,"₹1,999.00","Asha K, Pune"',
      '',
      '2026-11-23,4123 4567 8902,99,Ravi',
      '2026-11-23,12345,99,Short',
      '2026-11-23,412345678903,ninety,Words',
      '2026-11-23,000000000000,99,Zeros',
    ].join('\r\n')
    const { rows, bad } = parseStatement(text)
    expect(rows).toEqual([
      { line: 2, date: '2026-11-23', utr: '412345678901', amount: 1999, payer: 'Asha K, Pune' },
      { line: 4, date: '2026-11-23', utr: '412345678902', amount: 99, payer: 'Ravi' },
    ])
    expect(bad.map((b) => (b.kind === 'bad_row' ? [b.line, b.reason] : 0))).toEqual([
      [5, 'the UTR is not 12 digits'],
      [6, 'the amount is not a number'],
      [7, 'the UTR is all zeros'],
    ])
  })
})

describe.each(ENGINES)('import-statement on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, { clock: clock.now })

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  const feeOrderWithUtr = async (user: TestUser, utr: string) => {
    const res = await api.call('POST', '/api/v1/create-order/', {
      token: user.token,
      body: { amount: 99, membership_plan_id: null },
    })
    const orderId = (res.body.data as { order_id: string }).order_id
    const sent = await api.call('POST', `/api/v1/orders/${orderId}/utr/`, {
      token: user.token,
      body: { utr },
    })
    expect(sent.status).toBe(200)
    return orderId
  }
  const orderRow = (orderId: string) =>
    api.app.db
      .selectFrom('orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
  const feePaid = async (user: TestUser) =>
    (
      await api.app.db
        .selectFrom('users')
        .select('platform_fee_paid')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).platform_fee_paid

  it('confirms matched orders and lists the amount mismatch, the unknown UTR and the duplicate row', async () => {
    const paid = await createTestUser(api.app)
    const short = await createTestUser(api.app)
    const utrPaid = newUtr()
    const utrShort = newUtr()
    const utrUnknown = newUtr()
    const paidOrder = await feeOrderWithUtr(paid, utrPaid)
    const shortOrder = await feeOrderWithUtr(short, utrShort)
    const csv = [
      'date,utr,amount,payer',
      `2026-11-23,${utrPaid},99.00,ASHA K`,
      `2026-11-23,${utrShort},9.00,RAVI`,
      `2026-11-23,${utrUnknown},99.00,SOMEONE`,
      `2026-11-23,${utrPaid},99.00,ASHA K`,
    ].join('\n')
    const ctx = appContext(api.app)
    const outcomes = await importStatement(ctx, csv)
    expect(outcomes.map((o) => o.kind)).toEqual([
      'confirmed',
      'amount_mismatch',
      'unknown_utr',
      'duplicate_row',
    ])
    expect(await orderRow(paidOrder)).toMatchObject({ status: 'confirmed', upi_reference: utrPaid })
    expect(await feePaid(paid)).toBe(1)
    expect(await orderRow(shortOrder)).toMatchObject({ status: 'pending', upi_reference: null })
    expect(await feePaid(short)).toBe(0)
    // The confirmation is the operator's action: its audit row names the command line and the line.
    const audits = await api.app.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'entity_id', 'reason'])
      .where('action', '=', 'order.confirm')
      .execute()
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ action: 'order.confirm', entity_id: paidOrder })
    expect(audits[0]!.actor).toMatch(/^cli:/)
    expect(audits[0]!.reason).toMatch(/^bank statement import, line \d+$/)

    const report = renderImport(outcomes)
    expect(report).toMatch(/^1 order\(s\) confirmed, 0 already confirmed, 3 row\(s\) to look at\./)
    expect(report).toContain('AMOUNT MISMATCH')
    expect(report).toContain('order is ₹99')
    expect(report).toContain(utrUnknown)
    expect(report).toContain('DUPLICATE ROW')

    // The same file again: nothing new is confirmed and no ledger row is added.
    const ledgerBefore = await api.app.db.selectFrom('ledger_entries').select('id').execute()
    const again = await importStatement(ctx, csv)
    expect(again.map((o) => o.kind)).toEqual([
      'already_confirmed',
      'amount_mismatch',
      'unknown_utr',
      'duplicate_row',
    ])
    expect(await api.app.db.selectFrom('ledger_entries').select('id').execute()).toHaveLength(
      ledgerBefore.length,
    )
    // Nothing changed, so no second audit row.
    expect(
      await api.app.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'order.confirm')
        .execute(),
    ).toHaveLength(1)
  })

  it('reads the file named on the command line and lists queues by UTR and due date', async () => {
    const user = await createTestUser(api.app)
    const utr = newUtr()
    const orderId = await feeOrderWithUtr(user, utr)
    const ctx = appContext(api.app)
    const queue = await runStatementCommand(ctx, ['payment-queue'])
    expect(queue).toContain(orderId)
    expect(queue).toContain(utr)
    const file = path.join(os.tmpdir(), `statement-${crypto.randomUUID()}.csv`)
    fs.writeFileSync(file, `2026-11-23,${utr},99,ASHA\n`)
    try {
      const out = await runStatementCommand(ctx, ['import-statement', file])
      expect(out).toContain('1 order(s) confirmed')
    } finally {
      fs.rmSync(file, { force: true })
    }
    await expect(runStatementCommand(ctx, ['import-statement'])).rejects.toThrow(/FILE\.csv/)
    expect(await runStatementCommand(ctx, ['orders'])).toBeNull()
    expect(await runStatementCommand(ctx, ['payout-queue'])).toBeTypeOf('string')
  })
})

describe('npm run ops -- import-statement, as a process', () => {
  it('confirms a matched order in a SQLite file and exits 0', async () => {
    const file = path.join(os.tmpdir(), `ops-statement-${crypto.randomUUID()}.db`)
    const csv = path.join(os.tmpdir(), `statement-${crypto.randomUUID()}.csv`)
    const { buildApp } = await import('../../server/app.ts')
    const app = await buildApp({
      databaseUrl: `file:${file}`,
      logLevel: 'silent',
      staticDir: undefined,
    })
    try {
      await app.ready()
      const user = await createTestUser(app)
      const utr = newUtr()
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/create-order/',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { amount: 99, membership_plan_id: null },
      })
      const orderId = (created.json() as { data: { order_id: string } }).data.order_id
      await app.inject({
        method: 'POST',
        url: `/api/v1/orders/${orderId}/utr/`,
        headers: { authorization: `Bearer ${user.token}` },
        payload: { utr },
      })
      await app.close()
      fs.writeFileSync(csv, `date,utr,amount,payer\n2026-11-23,${utr},99.00,ASHA\n`)
      const result = await new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile(
          'npx',
          ['tsx', 'server/ops/cli.ts', 'import-statement', csv],
          { env: { ...process.env, DATABASE_URL: `file:${file}` }, timeout: 60_000 },
          (error, stdout) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: String(stdout) }),
        )
      })
      expect(result.code).toBe(0)
      expect(result.stdout).toContain('1 order(s) confirmed')
      expect(result.stdout).toContain(orderId)
    } finally {
      await app.close()
      for (const f of [file, `${file}-wal`, `${file}-shm`, csv]) fs.rmSync(f, { force: true })
    }
  }, 120_000)
})
