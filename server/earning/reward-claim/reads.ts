/**
 * The statements that read a reward claim, each of fixed shape and compiled once
 * (server/db/compiled.ts): a claim is the API's hottest write path.
 */
import { sql, type ExpressionBuilder } from 'kysely'
import { compiledOnce, type CompiledParam } from '../../db/compiled.ts'
import type { Db, Tx } from '../../db/index.ts'
import { rowVersion } from '../../db/row-version.ts'
import type { Database } from '../../db/schema/index.ts'
import { videoPointSubqueries } from '../membership.ts'
import type { FactParams } from './judge.ts'

/**
 * Everything a claim of `videoId` watched at `at` (ISO) on India day `day` is judged on, as
 * aliased subqueries of one select (`ClaimFacts`): the video's `timer`, the day's `rewarded_id`,
 * the first handout since `handedSince`, the neighbouring rewards' watch times (`previous_at`,
 * `next_at`) and the next one's timer, and the coins per video.
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

/**
 * A claim read before any lock or write, in one statement: the user's `email_verified`, `views`,
 * `points` (coins) and row `version` (`rowVersion`: null on SQLite); the row of the claim's
 * Idempotency-Key `key` if it was used (`route` … `updated_at`, `state` null when unused); and the
 * claim's facts. No row for an unknown user.
 */
export const claimRead = compiledOnce(
  (db: Db, param: CompiledParam<FactParams & { key: string }>) =>
    db
      .selectFrom('users')
      .leftJoin('idempotency_keys as k', (join) =>
        join.onRef('k.user_id', '=', 'users.id').on('k.key', '=', param('key')),
      )
      .where('users.id', '=', param('userId'))
      .select([
        'users.email_verified',
        'users.views',
        'users.points',
        rowVersion(db, 'users').as('version'),
        'k.route',
        'k.request_hash',
        'k.state',
        'k.response_status',
        'k.response_body',
        'k.created_at',
        'k.updated_at',
      ])
      // The facts' subqueries name only their own tables' columns, so users and k in scope change
      // none of them.
      .select((eb) => claimFactColumns(eb as unknown as ExpressionBuilder<Database, never>, param)),
)

/** A claim's facts alone, in one row: read under the user's lock (`claimFacts`). */
const claimFactsQuery = compiledOnce((db: Db, param: CompiledParam<FactParams>) =>
  db.selectNoFrom((eb) => claimFactColumns(eb, param)),
)

/** `claimFactsQuery`'s one row, in `tx`. */
export async function claimFacts(tx: Tx, params: FactParams) {
  const [facts] = (await claimFactsQuery(tx, params)).rows
  if (!facts) throw new Error('a select without FROM answered no row')
  return facts
}

/**
 * Counts a claim's view: the UPDATE locks the user's row for the rest of the transaction (on
 * PostgreSQL a row lock, after waiting for any other writer of the row; SQLite runs one write
 * transaction at a time). Returns the row's `email_verified`, `views` (this claim's counted) and
 * `points` (coins) as locked, or no row for an unknown user. A refusal rolls the view back.
 */
export const countView = compiledOnce((db: Db, param: CompiledParam<{ userId: number }>) =>
  db
    .updateTable('users')
    .set({ views: sql`views + 1` })
    .where('id', '=', param('userId'))
    .returning(['email_verified', 'views', 'points']),
)
