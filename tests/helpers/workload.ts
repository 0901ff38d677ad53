/**
 * The workload of the multi-instance tests (tests/e2e/cluster-failover, scale-three-instances,
 * docs/product.md#system): a fresh PostgreSQL test database, migrated and seeded, whose live rules
 * let the workload withdraw at once (the instances the tests start on it read those rules from
 * their start); the videos its users are handed to claim rewards for; and one keyed request sent.
 */
import type { FastifyInstance } from 'fastify'
import { openDatabase, type DatabaseHandle } from '../../server/db/index.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { seedDatabase } from '../../server/db/seed.ts'
import { indiaDay } from '../../server/lib/time.ts'
import { DEFAULT_LIVE_RULES, updateRules } from '../../server/ops/live-rules.ts'
import { createTestDatabase, type TestDatabase } from './databases.ts'
import type { LoadJob } from './ledger.ts'

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
  await saveOpenWithdrawalRules(handle.db, handle.dialect, reason)
  return { database, handle, app }
}

/**
 * Saves a live rules version (`reason` its reason) under which withdrawals need no referrals,
 * videos or minimum balance, so a workload can withdraw (docs/product.md#conditions). An instance
 * reads it within RULES_REFRESH_MS (2 s).
 */
export async function saveOpenWithdrawalRules(
  db: DatabaseHandle['db'],
  dialect: DatabaseHandle['dialect'],
  reason: string,
): Promise<void> {
  await updateRules(
    db,
    dialect,
    DEFAULT_LIVE_RULES,
    { operatorId: null, actor: 'test', ip: null },
    { withdrawMinReferrals: 0, withdrawMinVideos: 0, withdrawMinBalanceRupees: 0 },
    reason,
    new Date(),
  )
}

/** The active videos (id, timer in seconds), in id order: what the workload claims rewards for. */
export function activeVideos(db: DatabaseHandle['db']): Promise<{ id: number; timer: number }[]> {
  return db
    .selectFrom('videos')
    .select(['id', 'timer'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute()
}

/** Records `videos` as handed to user `userId` at `at` (as the dashboard does), so their claims may follow. */
export async function handOutVideos(
  db: DatabaseHandle['db'],
  userId: number,
  videos: { id: number }[],
  at: Date,
): Promise<void> {
  await db
    .insertInto('video_handouts')
    .values(
      videos.map((v) => ({
        user_id: userId,
        video_id: v.id,
        india_day: indiaDay(at),
        handed_at: at.toISOString(),
      })),
    )
    .execute()
}

/** A request of the workload as sent: its user's token and its Idempotency-Key. */
export interface SentJob extends LoadJob {
  user: { id: number; token: string }
  key: string
}

/**
 * POSTs `job` once to `baseUrl` (an instance or the load balancer) with its user's bearer token
 * and its Idempotency-Key. Resolves the status and the JSON body ({} when it is none), or null when
 * no answer came within `timeoutMs` (a connection refused or reset counts as none).
 */
export async function postJob(
  baseUrl: string,
  job: SentJob,
  timeoutMs: number,
): Promise<{ status: number; body: Record<string, unknown> } | null> {
  const res = await fetch(`${baseUrl}${job.path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${job.user.token}`,
      'content-type': 'application/json',
      'idempotency-key': job.key,
    },
    body: JSON.stringify(job.body),
    signal: AbortSignal.timeout(timeoutMs),
  }).catch(() => null)
  if (!res) return null
  return {
    status: res.status,
    body: (await res.json().catch(() => ({}))) as Record<string, unknown>,
  }
}
