/**
 * The ledger invariant (DECISIONS §4–5): for every user, the sum of the ledger's coins equals
 * `users.points`, and no balance is negative. Call `assertLedgerBalanced(api.app)` in afterEach.
 */
import { expect } from 'vitest'
import type { FastifyInstance } from 'fastify'

/** Every user's balance and ledger sum, for a readable failure. */
export async function ledgerBalances(app: FastifyInstance) {
  const users = await app.db.selectFrom('users').select(['id', 'points']).orderBy('id').execute()
  const sums = await app.db
    .selectFrom('ledger_entries')
    .select((eb) => ['user_id', eb.fn.sum<number>('coins').as('total')])
    .groupBy('user_id')
    .execute()
  const byUser = new Map(sums.map((s) => [s.user_id, Number(s.total)]))
  return users.map((u) => ({ id: u.id, points: u.points, ledger: byUser.get(u.id) ?? 0 }))
}

/** Fails the test unless every user's ledger sums to their points and no balance is negative. */
export async function assertLedgerBalanced(app: FastifyInstance): Promise<void> {
  const rows = await ledgerBalances(app)
  const unbalanced = rows.filter((r) => r.points !== r.ledger || r.points < 0)
  expect(unbalanced, 'users whose ledger does not sum to their points').toEqual([])
}
