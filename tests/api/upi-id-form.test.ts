// UPI IDs are valid before they are stored, stored in their canonical form (trimmed,
// lower-case), and reach the bank byte for byte (docs/product.md#security), on both engines:
// `POST /add-withdraw/` refuses a UPI ID not in NPCI's form (`-1-1@ybl`, `.a@ybl`, …) with 400
// `{ message, code }` and changes nothing; the bulk-payout CSV writes every stored UPI ID exactly,
// valid ones bare and an older stored row that starts with `-` quoted (RFC 4180), never prefixed
// with the spreadsheet guard's `'`.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { withApi } from '../helpers/api-app.ts'
import { ENGINES } from '../helpers/databases.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, grantCoins, ledgerBalances } from '../helpers/ledger.ts'
import { rfc4180Fields } from '../helpers/csv.ts'

describe.each(ENGINES)('UPI ID form and payout file on %s', (engine) => {
  const api = withApi(engine, {
    rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0, withdrawMinVideos: 0 },
  })
  let user: TestUser
  let operatorToken: string

  let keys = 0
  /** Requests a ₹100 withdrawal to `upiId`, under a fresh Idempotency-Key. */
  const withdraw = (upiId: string) =>
    api.call('POST', '/api/v1/add-withdraw/', {
      token: user.token,
      body: { upi_id: upiId, amount: 100, pin: user.pin },
      headers: { 'idempotency-key': `upi-form-${(keys += 1)}` },
    })
  const withdrawalRows = () =>
    api.app.db
      .selectFrom('withdrawals')
      .select(['id', 'upi_id', 'status'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute()
  /** The payout file's record for withdrawal `id`, as its raw line and its RFC 4180 fields. */
  const payoutRecord = async (id: number) => {
    const res = await api.app.inject({
      method: 'GET',
      url: '/api/v1/ops/payouts.csv',
      headers: { authorization: `Bearer ${operatorToken}` },
    })
    expect(res.statusCode).toBe(200)
    const line = res.body.split('\r\n').find((l) => l.includes(`,WEW${id},`))
    expect(line, `a line for withdrawal ${id}`).toBeDefined()
    return { line: line!, fields: rfc4180Fields(line!) }
  }

  beforeAll(async () => {
    const e = await createTestOperator(api.app.db, `upi-form-${engine}@example.com`, 'viewer')
    const login = await api.call('POST', '/api/v1/ops/login', {
      body: {
        email: e.operator.email,
        password: e.password,
        totp: await generate({ secret: e.totpSecret }),
      },
    })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    operatorToken = login.body.token as string
    user = await createTestUser(api.app, { platformFeePaid: true, firstName: 'Asha Devi' })
    await grantCoins(api.app, user.id, 500_000)
  })

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  it.each([
    '-1-1@ybl',
    '.a@ybl',
    '_a@ybl',
    'a@',
    '@ybl',
    'a@1bank',
    'a b@ybl',
    '=1@ybl',
    'a@ok.axis',
  ])('refuses %j with 400 { message, code } and stores nothing', async (upiId) => {
    const rows = await withdrawalRows()
    const balances = await ledgerBalances(api.app)
    const res = await withdraw(upiId)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Invalid UPI ID format.', code: 'VALIDATION' })
    expect(await withdrawalRows()).toEqual(rows)
    expect(await ledgerBalances(api.app)).toEqual(balances)
  })

  it.each(['a-1@ybl', '1.2_x@okaxis', '9876543210@paytm', 'name.surname-1@okicici'])(
    'stores %s and writes it to the payout file byte for byte',
    async (upiId) => {
      const res = await withdraw(upiId)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const id = (res.body.data as { withdrawal_id: number }).withdrawal_id
      const stored = await api.app.db
        .selectFrom('withdrawals')
        .select('upi_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(stored.upi_id).toBe(upiId)
      const { line, fields } = await payoutRecord(id)
      expect(line.startsWith(`${upiId},`)).toBe(true)
      expect(fields[0]).toBe(upiId)
    },
  )

  it('stores a UPI ID typed in capitals with spaces around it canonical, and pays that form', async () => {
    const res = await withdraw(' Asha.Devi@OkHdfcBank ')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const id = (res.body.data as { withdrawal_id: number }).withdrawal_id
    const rows = await withdrawalRows()
    expect(rows.find((r) => r.id === id)?.upi_id).toBe('asha.devi@okhdfcbank')
    const { fields } = await payoutRecord(id)
    expect(fields[0]).toBe('asha.devi@okhdfcbank')
  })

  it('writes an older stored UPI ID that starts with - quoted, never prefixed', async () => {
    const now = new Date().toISOString()
    const legacy = ['-1-1@ybl', '+91x@ybl', 'a,"b"@ybl']
    for (const [i, upiId] of legacy.entries()) {
      const row = await api.app.db
        .insertInto('withdrawals')
        .values({
          user_id: user.id,
          upi_id: upiId,
          amount: 100,
          fee: 0,
          coins: 0,
          status: 'requested',
          upi_reference: null,
          reason: null,
          idempotency_key: `legacy-${i}`,
          created_at: now,
          updated_at: now,
          withdrawl_days: 3,
          due_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const { line, fields } = await payoutRecord(row.id)
      expect(line.startsWith(`"${upiId.replace(/"/g, '""')}",`)).toBe(true)
      expect(fields[0]).toBe(upiId)
      expect(fields.slice(1, 3)).toEqual(['100.00', `WEW${row.id}`])
    }
  })
})
