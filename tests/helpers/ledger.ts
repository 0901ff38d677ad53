/**
 * The ledger invariant (docs/product.md#transparency, #units): for every user, the sum of the ledger's coins equals
 * `users.points`, and no balance is negative. Call `assertLedgerBalanced(api.app)` in afterEach.
 * Also: `grantCoins` (a balanced test credit), `testClock` (an injectable clock), and for the
 * multi-instance tests each acknowledged request's ledger rows (`ledgerRowsOf`, `countInLedger`).
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

/** The users whose ledger does not sum to their points, or whose balance is negative: none, in a sound ledger. */
export async function unbalancedUsers(app: FastifyInstance) {
  return (await ledgerBalances(app)).filter((r) => r.points !== r.ledger || r.points < 0)
}

/** Fails the test unless every user's ledger sums to their points and no balance is negative. */
export async function assertLedgerBalanced(app: FastifyInstance): Promise<void> {
  const unbalanced = await unbalancedUsers(app)
  expect(unbalanced, 'users whose ledger does not sum to their points').toEqual([])
}

/**
 * A keyed request of the multi-instance tests (tests/e2e/cluster-failover, scale-three-instances):
 * a reward claim (`body.dashboard_id`) or a withdrawal, with the answer it was acknowledged with.
 */
export interface LoadJob {
  user: { id: number }
  path: '/api/v1/add-reward/' | '/api/v1/add-withdraw/'
  body: Record<string, unknown>
  /** The 200 answer; a withdrawal's carries `data.withdrawal_id`. */
  acknowledged?: Record<string, unknown>
}

/**
 * The ledger rows (kind, coins) an acknowledged request wrote: a reward claim's `video_reward`
 * rows for its user and video, or all the rows of the withdrawal its answer names (the hold and
 * the transfer fee). Exactly once means one claim row, one hold.
 */
export async function ledgerRowsOf(
  app: FastifyInstance,
  job: LoadJob,
): Promise<{ kind: string; coins: number }[]> {
  const rows = app.db.selectFrom('ledger_entries').select(['kind', 'coins'])
  if (job.path === '/api/v1/add-reward/') {
    return rows
      .where('user_id', '=', job.user.id)
      .where('kind', '=', 'video_reward')
      .where('video_id', '=', job.body.dashboard_id as number)
      .execute()
  }
  const id = (job.acknowledged?.data as { withdrawal_id: number }).withdrawal_id
  return rows.where('withdrawal_id', '=', id).execute()
}

/**
 * Counts the acknowledged `jobs` found in the ledger (a claim's reward row, a withdrawal's hold):
 * `inLedger` jobs found at least once, `doubled` rows beyond the first (0 when exactly once).
 */
export async function countInLedger(
  app: FastifyInstance,
  jobs: LoadJob[],
): Promise<{ inLedger: number; doubled: number }> {
  let inLedger = 0
  let doubled = 0
  for (const job of jobs.filter((j) => j.acknowledged)) {
    const kind = job.path === '/api/v1/add-reward/' ? 'video_reward' : 'withdrawal_hold'
    const rows = (await ledgerRowsOf(app, job)).filter((r) => r.kind === kind)
    if (rows.length >= 1) inLedger += 1
    if (rows.length > 1) doubled += rows.length - 1
  }
  return { inLedger, doubled }
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
