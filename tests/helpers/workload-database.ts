/**
 * The database of the multi-instance tests (tests/e2e/cluster-failover, scale-three-instances,
 * docs/product.md#system): a fresh PostgreSQL test database, migrated and seeded, whose live rules
 * let the workload withdraw at once. The instances the tests start on it read those rules from
 * their start.
 */
import type { FastifyInstance } from 'fastify'
import { openDatabase, type DatabaseHandle } from '../../server/db/index.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { seedDatabase } from '../../server/db/seed.ts'
import { DEFAULT_LIVE_RULES, updateRules } from '../../server/ops/live-rules.ts'
import { createTestDatabase, type TestDatabase } from './databases.ts'

/** The database, the test's own connection to it, and an app carrying only that `db`. */
export interface WorkloadDatabase {
  database: TestDatabase
  handle: DatabaseHandle
  /** For the helpers that take an app (createTestUser, grantCoins, the ledger checks). */
  app: FastifyInstance
}

/**
 * Creates, migrates and seeds the database, and saves live rules under which withdrawals need no
 * referrals, videos or minimum balance; `reason` is the rules version's reason. The caller closes
 * `handle` and drops `database`.
 */
export async function createWorkloadDatabase(reason: string): Promise<WorkloadDatabase> {
  const database = await createTestDatabase('postgres')
  const handle = openDatabase(database.url)
  await migrateToLatest(handle.db as never, handle.engine)
  await seedDatabase(handle.db)
  const app = { db: handle.db, engine: handle.engine } as unknown as FastifyInstance
  await updateRules(
    handle.db,
    handle.dialect,
    DEFAULT_LIVE_RULES,
    { operatorId: null, actor: 'test', ip: null },
    { withdrawMinReferrals: 0, withdrawMinVideos: 0, withdrawMinBalanceRupees: 0 },
    reason,
    new Date(),
  )
  return { database, handle, app }
}
