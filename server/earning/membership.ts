/**
 * The user's membership plan: its per-video reward in coins (docs/product.md#api `membership__video_point`),
 * read by `GET /get-user/` and used for every video reward (docs/product.md#api).
 */
import type { ExpressionBuilder } from 'kysely'
import type { Db, Tx } from '../db/index.ts'
import type { Database } from '../db/schema/index.ts'

/** Coins per video when no plan exists at all (docs/product.md#rules: free tier default 10). */
const FALLBACK_VIDEO_POINT = 10

/**
 * The two lookups behind a user's coins per video, as aliased subqueries for one select:
 * `own_video_point` (the user's plan's) and `free_video_point` (the first free plan's). A claim
 * adds them to the statement that reads its other facts (server/earning/reward-claim/reads.ts);
 * `videoPointOf` turns the row into coins.
 */
export function videoPointSubqueries(eb: ExpressionBuilder<Database, never>, userId: number) {
  return [
    eb
      .selectFrom('users')
      .innerJoin('membership_plans', 'membership_plans.id', 'users.membership_plan_id')
      .select('membership_plans.video_point')
      .where('users.id', '=', userId)
      .as('own_video_point'),
    eb
      .selectFrom('membership_plans')
      .select('video_point')
      .where('deposit_point', '=', 'FREE')
      .orderBy('id')
      .limit(1)
      .as('free_video_point'),
  ] as const
}

/** Coins per video from `videoPointSubqueries`' columns: own plan, else free plan, else fallback. */
export function videoPointOf(row: {
  own_video_point: number | null
  free_video_point: number | null
}): number {
  return row.own_video_point ?? row.free_video_point ?? FALLBACK_VIDEO_POINT
}

/**
 * Coins per video for the user's plan (`users.membership_plan_id`); the free plan's
 * (deposit_point 'FREE') when the user has none; FALLBACK_VIDEO_POINT when no free plan exists.
 * One statement: both lookups are subqueries of one select, since a claim's transaction and
 * `get-user` pay a database round trip per statement.
 */
export async function videoPointForUser(db: Db | Tx, userId: number): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => videoPointSubqueries(eb, userId))
    .executeTakeFirstOrThrow()
  return videoPointOf(row)
}

/**
 * Every active membership plan, in id order, as `GET /get-membership/` serves them (docs/product.md#api;
 * a plan an operator hid takes no new deposits: migration 006).
 */
export function activePlans(db: Db) {
  return db
    .selectFrom('membership_plans')
    .select(['id', 'membership_type', 'video_point', 'deposit_point', 'withdrawl_days'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute()
}
