// Bulk payouts on both engines: the requested withdrawals exported as a bank bulk-payout CSV; the
// bank's result file imported to mark each paid (UTR) or failed (coins back), idempotently (a
// second import changes nothing and audits nothing), with bad lines reported; the bank statement
// import reachable from the console.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { withApi } from '../helpers/api-app.ts'
import { ENGINES } from '../helpers/databases.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, grantCoins, ledgerBalances } from '../helpers/ledger.ts'

describe.each(ENGINES)('bulk payouts on %s', (engine) => {
  const api = withApi(engine, {
    rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0, withdrawMinVideos: 0 },
  })
  let token: string
  let user: TestUser
  const ids: number[] = []

  const csvGet = async (url: string) => {
    const res = await api.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    })
    return { status: res.statusCode, text: res.body, type: res.headers['content-type'] }
  }
  /** POSTs `csv` as a text/csv body. */
  const csvPost = async (url: string, csv: string) => {
    const res = await api.app.inject({
      method: 'POST',
      url,
      payload: csv,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    })
    return { status: res.statusCode, body: res.json() as Record<string, unknown> }
  }
  const auditCount = async () =>
    Number(
      (
        await api.app.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    const e = await createTestOperator(
      api.app.db,
      `payouts-${engine}@example.com`,
      'operator',
      new Date(),
    )
    const res = await api.call('POST', '/api/v1/ops/login', {
      body: {
        email: e.operator.email,
        password: e.password,
        totp: await generate({ secret: e.totpSecret }),
      },
    })
    token = res.body.token as string
    user = await createTestUser(api.app, { platformFeePaid: true, firstName: 'Asha Devi' })
    await grantCoins(api.app, user.id, 500_000)
    for (const amount of [1000, 1500, 2000]) {
      const w = await api.call('POST', '/api/v1/add-withdraw/', {
        token: user.token,
        body: { upi_id: 'asha.devi@okaxis', amount, pin: user.pin },
        headers: { 'idempotency-key': `p-${amount}` },
      })
      expect(w.status, JSON.stringify(w.body)).toBe(200)
      ids.push((w.body.data as { withdrawal_id: number }).withdrawal_id)
    }
  })

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  it('exports the requested withdrawals as a bulk-payout CSV (UPI ID, amount, reference)', async () => {
    const res = await csvGet('/api/v1/ops/payouts.csv')
    expect(res.status).toBe(200)
    expect(res.type).toContain('text/csv')
    const lines = res.text.trim().split('\r\n')
    expect(lines[0]).toBe('upi_id,amount,reference,name,remarks')
    expect(lines.slice(1)).toEqual(
      [1000, 1500, 2000].map(
        (a, i) => `asha.devi@okaxis,${a}.00,WEW${ids[i]},Asha Devi,Watch Earn payout ${ids[i]}`,
      ),
    )
    // A viewer reads (and exports) everything but imports nothing.
    const v = await createTestOperator(
      api.app.db,
      `payouts-viewer-${engine}@example.com`,
      'viewer',
      new Date(),
    )
    const login = await api.call('POST', '/api/v1/ops/login', {
      body: {
        email: v.operator.email,
        password: v.password,
        totp: await generate({ secret: v.totpSecret }),
      },
    })
    const viewer = login.body.token as string
    const asViewer = await api.app.inject({
      method: 'GET',
      url: '/api/v1/ops/payouts.csv',
      headers: { authorization: `Bearer ${viewer}` },
    })
    expect(asViewer.statusCode).toBe(200)
    expect(asViewer.body).toBe(res.text)
    const importAsViewer = await api.app.inject({
      method: 'POST',
      url: '/api/v1/ops/payouts/import',
      payload: 'reference,status,utr\n',
      headers: { authorization: `Bearer ${viewer}`, 'content-type': 'text/csv' },
    })
    expect(importAsViewer.statusCode).toBe(403)
  })

  it('imports the bank result file: paid with UTR, failed with reason, bad lines reported, nothing else changed', async () => {
    const before = await auditCount()
    const file = [
      'Reference,Amount,Status,UTR,Reason',
      `WEW${ids[0]},1000.00,SUCCESS,733300000001,`,
      `WEW${ids[1]},1500.00,FAILED,,"Beneficiary VPA invalid"`,
      `WEW${ids[2]},2500.00,SUCCESS,733300000003,`,
      'WEW999999,10.00,SUCCESS,733300000009,',
      'nonsense,1,SUCCESS,1,',
    ].join('\n')
    const res = await csvPost('/api/v1/ops/payouts/import', file)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const rows = res.body.rows as { line: number; outcome: string; message: string }[]
    expect(rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'paid'],
      [3, 'failed'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
    ])
    expect(rows[2]?.message).toContain('2500')
    const stored = await api.app.db
      .selectFrom('withdrawals')
      .select(['id', 'status', 'upi_reference', 'reason'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()
    expect(stored.map((w) => [w.status, w.upi_reference ?? w.reason])).toEqual([
      ['paid', '733300000001'],
      ['failed', 'Beneficiary VPA invalid'],
      ['requested', null],
    ])
    expect(await auditCount()).toBe(before + 2)
  })

  it('changes nothing when the same file is imported again', async () => {
    const balances = await ledgerBalances(api.app)
    const before = await auditCount()
    const file = [
      'reference,status,utr,reason',
      `WEW${ids[0]},SUCCESS,733300000001,`,
      `WEW${ids[1]},FAILED,,Beneficiary VPA invalid`,
    ].join('\r\n')
    const res = await csvPost('/api/v1/ops/payouts/import', file)
    expect((res.body.rows as { outcome: string }[]).map((r) => r.outcome)).toEqual([
      'unchanged',
      'unchanged',
    ])
    expect(await ledgerBalances(api.app)).toEqual(balances)
    expect(await auditCount()).toBe(before)
    const conflict = await csvPost(
      '/api/v1/ops/payouts/import',
      `reference,status,utr\nWEW${ids[0]},SUCCESS,733300000099\n`,
    )
    expect((conflict.body.rows as { outcome: string; message: string }[])[0]).toMatchObject({
      outcome: 'error',
    })
    const badHeader = await csvPost('/api/v1/ops/payouts/import', 'a,b\n1,2')
    expect(badHeader.status).toBe(400)
  })

  it('confirms open orders from a bank statement through the console, with audit rows', async () => {
    const payer = await createTestUser(api.app)
    const order = await api.call('POST', '/api/v1/create-order/', {
      token: payer.token,
      body: { amount: 99 },
      headers: { 'idempotency-key': `st-${payer.id}` },
    })
    const orderId = (order.body.data as { order_id: string }).order_id
    const utr = String(800_000_000_000 + payer.id)
    await api.call('POST', `/api/v1/orders/${orderId}/utr/`, { token: payer.token, body: { utr } })
    const res = await csvPost(
      '/api/v1/ops/statement-import',
      `date,utr,amount,payer\n2026-11-23,${utr},99.00,PAYER\n`,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect((res.body.rows as { kind: string }[]).map((r) => r.kind)).toEqual(['confirmed'])
    const audit = await api.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', orderId)
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['order.confirm'])
  })
})
