// Migration 017 on both engines: withdrawals written before it keep the UPI ID as the user typed
// it; afterwards every stored UPI ID is canonical (trimmed, lower-case), so four spellings of one
// payee are one payee to the shared-UPI rule and to a search, and nothing else on the rows moves.
import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withDatabaseAt } from '../helpers/migrations.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { insertUser } from '../../server/accounts/users.ts'
import { assessRisk } from '../../server/risk/assess.ts'
import { DEFAULT_RISK_RULES } from '../../contract/risk-rules.ts'

const NOW = new Date('2026-11-27T10:00:00.000Z')
const SPELLINGS = ['pay.n@ybl', 'PAY.N@YBL', 'Pay.N@Ybl', 'PAY.N@ybl']

describe.each(ENGINES)('migration 017 on %s', (engine) => {
  const at = withDatabaseAt(engine, '016-ledger-user-coins')

  it('stores every UPI ID canonical, so four spellings of one payee link their accounts', async () => {
    const db = at.handle.db
    const userIds: number[] = []
    for (const [i, upiId] of [...SPELLINGS, 'Other.Payee@OkAxis'].entries()) {
      const userId = await insertUser(
        db,
        {
          firstName: `Payee User ${i}`,
          email: `payee${i}@example.com`,
          phone: `987654321${i}`,
          pinHash: 'scrypt$x',
          referredBy: null,
        },
        NOW,
      )
      userIds.push(userId)
      await db
        .insertInto('withdrawals')
        .values({
          user_id: userId,
          upi_id: upiId,
          amount: 100,
          fee: 1,
          coins: 10_100,
          status: 'requested',
          upi_reference: null,
          reason: null,
          idempotency_key: `key-${i}`,
          created_at: NOW.toISOString(),
          updated_at: NOW.toISOString(),
          withdrawl_days: 7,
          due_at: NOW.toISOString(),
        })
        .execute()
    }
    const before = await db.selectFrom('withdrawals').selectAll().orderBy('id').execute()
    // Before: four spellings are four payees, and no rule links the accounts.
    expect(await assessRisk(db, DEFAULT_RISK_RULES, userIds[0]!)).toEqual([])

    await migrateToLatest(db as never, at.handle.engine)

    const after = await db.selectFrom('withdrawals').selectAll().orderBy('id').execute()
    expect(after.map((w) => w.upi_id)).toEqual([
      ...SPELLINGS.map(() => 'pay.n@ybl'),
      'other.payee@okaxis',
    ])
    // Only the UPI ID changed.
    expect(after.map((w) => ({ ...w, upi_id: '' }))).toEqual(
      before.map((w) => ({ ...w, upi_id: '' })),
    )
    const findings = await assessRisk(db, DEFAULT_RISK_RULES, userIds[0]!)
    const shared = findings.find((f) => f.linked.some((l) => l.link === 'upi_id'))
    expect(shared?.linked.map((l) => l.user_id).sort()).toEqual(userIds.slice(1, 4).sort())
    // A withdrawal now spelt another way still counts with them.
    const fresh = await assessRisk(db, DEFAULT_RISK_RULES, userIds[4]!, { upiId: ' PAY.N@ybl ' })
    expect(fresh.some((f) => f.linked.some((l) => l.link === 'upi_id'))).toBe(true)
  })
})
