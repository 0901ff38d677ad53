/**
 * The reads and the lock of a reward claim (server/earning/rewards.ts), each a query of fixed
 * shape compiled once (server/db/compiled.ts): a claim is the API's hottest write path.
 */
import { sql, type ExpressionBuilder, type InferResult } from 'kysely'
import { compiledOnce, type CompiledParam } from '../db/compiled.ts'
import type { Db, Tx } from '../db/index.ts'
import type { Database } from '../db/schema/index.ts'
import { videoPointSubqueries } from './membership.ts'
import { holdKey } from './idempotency-hold.ts'
import { refusalProbe, type Probed } from './idempotency-take.ts'

/**
 * SQLite: counts a view and so takes the database's write lock for the rest of the transaction;
 * returns the row's `email_verified`, `views` and `points` (coins) after it, or no row for an
 * unknown user.
 */
export const countView = compiledOnce((db: Db, param: CompiledParam<{ userId: number }>) =>
  db
    .updateTable('users')
    .set({ views: sql`views + 1` })
    .where('id', '=', param('userId'))
    .returning(['email_verified', 'views', 'points']),
)

/**
 * PostgreSQL's lock of the user's row for a claim's transaction (FOR NO KEY UPDATE, as
 * `lockUser`), after first holding the claim's Idempotency-Key (`holdKey` as a WITH clause, one
 * round trip fewer inside the transaction): the row's `email_verified`, `views`, `points` (coins)
 * and `version` (its `xmin`, as text) as locked, or no row when the key was not held (released
 * underneath) or there is no such user. The key's row is locked before the user's, as when they
 * were two statements (the EXISTS is a one-time filter on the WITH clause, evaluated before the
 * users row is scanned). After waiting for another transaction's lock, the row read is the one
 * that transaction left.
 */
export const lockUserHoldingKey = compiledOnce(
  (db: Db, param: CompiledParam<{ userId: number; key: string; at: string }>) =>
    db
      .with('held', (qc) =>
        holdKey(qc, { userId: param('userId'), key: param('key'), at: param('at') }).returning(
          'key',
        ),
      )
      .selectFrom('users')
      .select(['email_verified', 'views', 'points', sql<string>`xmin::text`.as('version')])
      .where('id', '=', param('userId'))
      .where((eb) => eb.exists(eb.selectFrom('held').select('held.key')))
      .forNoKeyUpdate(),
)

/** The parameters of a claim's facts: the claim as parsed, its India day and handout window. */
export type FactParams = {
  userId: number
  videoId: number
  /** India day of the watch time, 'YYYY-MM-DD'. */
  day: string
  /** The watch time, ISO. */
  at: string
  /** The earliest handout that still counts (HANDOUT_VALID_MS before the watch time), ISO. */
  handedSince: string
}

/**
 * Everything a claim of `videoId` watched at `at` (ISO) on India day `day` is judged on, as
 * aliased subqueries of one select: the video's `timer` (null: no such video), the day's
 * `rewarded_id`, the first handout since `handedSince` (ISO), the neighbouring rewards' watch
 * times (`previous_at`, `next_at`) and the next one's timer, and the coins per video
 * (`videoPointOf`'s columns).
 */
function claimFactColumns(
  eb: ExpressionBuilder<Database, never>,
  param: CompiledParam<FactParams>,
) {
  return [
    eb.selectFrom('videos').select('timer').where('id', '=', param('videoId')).as('timer'),
    eb
      .selectFrom('video_rewards')
      .select('id')
      .where('user_id', '=', param('userId'))
      .where('video_id', '=', param('videoId'))
      .where('india_day', '=', param('day'))
      .as('rewarded_id'),
    eb
      .selectFrom('video_handouts')
      .select((h) => h.fn.min('handed_at').as('first'))
      .where('user_id', '=', param('userId'))
      .where('video_id', '=', param('videoId'))
      .where('handed_at', '>=', param('handedSince'))
      .as('handed_at'),
    eb
      .selectFrom('video_rewards')
      .select((r) => r.fn.max('watched_at').as('last'))
      .where('user_id', '=', param('userId'))
      .where('watched_at', '<=', param('at'))
      .as('previous_at'),
    eb
      .selectFrom('video_rewards')
      .select('watched_at')
      .where('user_id', '=', param('userId'))
      .where('watched_at', '>', param('at'))
      .orderBy('watched_at', 'asc')
      .limit(1)
      .as('next_at'),
    eb
      .selectFrom('video_rewards')
      .innerJoin('videos', 'videos.id', 'video_rewards.video_id')
      .select('videos.timer')
      .where('video_rewards.user_id', '=', param('userId'))
      .where('video_rewards.watched_at', '>', param('at'))
      .orderBy('video_rewards.watched_at', 'asc')
      .limit(1)
      .as('next_timer'),
    ...videoPointSubqueries(eb, param('userId')),
  ] as const
}

/** A claim's facts in one row (`claimFactColumns`), compiled once. */
const claimFactsQuery = compiledOnce((db: Db, param: CompiledParam<FactParams>) =>
  db.selectNoFrom((eb) => claimFactColumns(eb, param)),
)

/**
 * PostgreSQL's unlocked read of a claim: the user's `email_verified`, `views`, `points` (coins)
 * and `version` (the row version's `xmin`, as text) with the claim's facts (`claimFactColumns`);
 * no row for an unknown user. Read with the precheck (`rewardOfDay`), from its snapshot.
 */
function claimSnapshotQuery(db: Db, param: CompiledParam<FactParams>) {
  return (
    db
      .selectFrom('users')
      .where('users.id', '=', param('userId'))
      .select([
        'users.email_verified',
        'users.views',
        'users.points',
        sql<string>`users.xmin::text`.as('version'),
      ])
      // The facts are subqueries over their own tables: the users row in scope changes none of
      // them (each unqualified column is its own FROM's), so they are built as in claimFactsQuery.
      .select((eb) => claimFactColumns(eb as unknown as ExpressionBuilder<Database, never>, param))
  )
}

/**
 * The user's reward for the video on an India day ('YYYY-MM-DD'), if any: `{ id }` rows. A claim's
 * precheck probe (`runIdempotent`): such a row refuses the claim 409 ALREADY_REWARDED. On
 * PostgreSQL the statement that takes the key in flight also reads the claim (`claimSnapshotQuery`),
 * which `claimSnapshot` hands to the claim's judgement on that read (`claimRewardIfUnchanged`).
 */
export const rewardOfDay = refusalProbe(
  (db: Db, param: CompiledParam<FactParams>) =>
    db
      .selectFrom('video_rewards')
      .select('id')
      .where('user_id', '=', param('userId'))
      .where('video_id', '=', param('videoId'))
      .where('india_day', '=', param('day')),
  claimSnapshotQuery,
)

/** A claim as read without a lock with its key (`rewardOfDay`'s facts, the users row found). */
export type ClaimSnapshot = InferResult<ReturnType<typeof claimSnapshotQuery>>[number]

/**
 * The claim read with its key (`probed`, `rewardOfDay`'s facts), or undefined when there is none
 * to judge on: no such read, or no such user.
 */
export function claimSnapshot(
  probed: Probed<ClaimSnapshot> | undefined,
): ClaimSnapshot | undefined {
  // The users row's columns are NOT NULL: a version read means the row was found.
  return probed && probed.version !== null ? (probed as ClaimSnapshot) : undefined
}

/** `claimFactsQuery`'s one row, in `tx`. */
export async function claimFacts(tx: Tx, params: Parameters<typeof claimFactsQuery>[1]) {
  const [facts] = (await claimFactsQuery(tx, params)).rows
  if (!facts) throw new Error('a select without FROM answered no row')
  return facts
}
