/**
 * The reads and the lock of a reward claim (server/earning/rewards.ts), each a query of fixed
 * shape compiled once (server/db/compiled.ts): a claim is the API's hottest write path.
 */
import { sql } from 'kysely'
import { compiledOnce, type CompiledParam } from '../db/compiled.ts'
import type { Db, Tx } from '../db/index.ts'
import { videoPointSubqueries } from './membership.ts'
import { holdKey, refusalProbe } from './idempotency.ts'

/**
 * The user's reward for the video on an India day ('YYYY-MM-DD'), if any: `{ id }` rows. A claim's
 * precheck probe (`runIdempotent`): such a row refuses the claim 409 ALREADY_REWARDED.
 */
export const rewardOfDay = refusalProbe(
  (db: Db, param: CompiledParam<{ userId: number; videoId: number; day: string }>) =>
    db
      .selectFrom('video_rewards')
      .select('id')
      .where('user_id', '=', param('userId'))
      .where('video_id', '=', param('videoId'))
      .where('india_day', '=', param('day')),
)

/**
 * Counts a view and so locks the user's row for the rest of the transaction (on PostgreSQL the
 * FOR NO KEY UPDATE lock `lockUser` takes); returns the row's `email_verified`, `views` and
 * `points` (coins) after it, or no row for an unknown user.
 */
export const countView = compiledOnce((db: Db, param: CompiledParam<{ userId: number }>) =>
  db
    .updateTable('users')
    .set({ views: sql`views + 1` })
    .where('id', '=', param('userId'))
    .returning(['email_verified', 'views', 'points']),
)

/**
 * PostgreSQL's `countView` that first holds the claim's Idempotency-Key (`holdKey` as a WITH
 * clause, one round trip fewer inside the transaction): the same row as `countView`, or none when
 * the key was not held (released underneath) or there is no such user. The key's row is locked
 * before the user's, as when they were two statements (the EXISTS is a one-time filter on the
 * WITH clause, evaluated before the users row is scanned).
 */
export const countViewHoldingKey = compiledOnce(
  (db: Db, param: CompiledParam<{ userId: number; key: string; at: string }>) =>
    db
      .with('held', (qc) =>
        holdKey(qc, { userId: param('userId'), key: param('key'), at: param('at') }).returning(
          'key',
        ),
      )
      .updateTable('users')
      .set({ views: sql`views + 1` })
      .where('id', '=', param('userId'))
      .where((eb) => eb.exists(eb.selectFrom('held').select('held.key')))
      .returning(['email_verified', 'views', 'points']),
)

/**
 * Everything a claim of `videoId` watched at `at` (ISO) on India day `day` is judged on, in one
 * row: the video's `timer` (null: no such video), the day's `rewarded_id`, the first handout
 * since `handedSince` (ISO), the neighbouring rewards' watch times (`previous_at`, `next_at`) and
 * the next one's timer, and the coins per video (`videoPointOf`'s columns).
 */
const claimFactsQuery = compiledOnce(
  (
    db: Db,
    param: CompiledParam<{
      userId: number
      videoId: number
      day: string
      at: string
      handedSince: string
    }>,
  ) =>
    db.selectNoFrom((eb) => [
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
    ]),
)

/** `claimFactsQuery`'s one row, in `tx`. */
export async function claimFacts(tx: Tx, params: Parameters<typeof claimFactsQuery>[1]) {
  const [facts] = (await claimFactsQuery(tx, params)).rows
  if (!facts) throw new Error('a select without FROM answered no row')
  return facts
}
