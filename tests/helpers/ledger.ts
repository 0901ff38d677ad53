/**
 * The ledger invariant (docs/product.md#transparency, #units): for every user, the sum of the ledger's coins equals
 * `users.points`, and no balance is negative. Call `assertLedgerBalanced(api.app)` in afterEach.
 * Also: `grantCoins` (a balanced test credit) and `testClock` (an injectable clock).
 */
import { expect } from 'vitest'
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { postLedgerEntry } from '../../server/earning/ledger.ts'

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

/** Credits `coins` to a user through the ledger (a signup_bonus row), keeping it balanced. */
export async function grantCoins(
  app: FastifyInstance,
  userId: number,
  coins: number,
): Promise<void> {
  await app.db.transaction().execute((tx) =>
    postLedgerEntry(tx, {
      userId,
      kind: 'signup_bonus',
      coins,
      status: 'confirmed',
      description: 'Test credit',
      idempotencyKey: `test-credit:${crypto.randomUUID()}`,
      at: new Date(),
    }),
  )
}

/** A settable clock for `withApi(engine, { clock: clock.now })`, starting at noon India time today. */
export function testClock() {
  const start = new Date(
    `${new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)}T12:00:00+05:30`,
  )
  let current = start.getTime()
  return {
    now: () => new Date(current),
    /** Moves the clock forward by `seconds`. */
    advance(seconds: number) {
      current += seconds * 1000
    },
    iso: (offsetSeconds = 0) => new Date(current + offsetSeconds * 1000).toISOString(),
  }
}
