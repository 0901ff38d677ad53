/**
 * The user's membership plan: its per-video reward in coins (SPEC §3 `membership__video_point`),
 * read by `GET /get-user/` and used for every video reward (DECISIONS §6).
 */
import type { Db, Tx } from '../db/index.ts'

/** Coins per video when no plan exists at all (SPEC §9: free tier default 10). */
export const FALLBACK_VIDEO_POINT = 10

/**
 * Coins per video for the user's plan (`users.membership_plan_id`); the free plan's
 * (deposit_point 'FREE') when the user has none; FALLBACK_VIDEO_POINT when no free plan exists.
 * One statement: both lookups are subqueries of one select, since a claim's transaction and
 * `get-user` pay a database round trip per statement.
 */
export async function videoPointForUser(db: Db | Tx, userId: number): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('users')
        .innerJoin('membership_plans', 'membership_plans.id', 'users.membership_plan_id')
        .select('membership_plans.video_point')
        .where('users.id', '=', userId)
        .as('own'),
      eb
        .selectFrom('membership_plans')
        .select('video_point')
        .where('deposit_point', '=', 'FREE')
        .orderBy('id')
        .limit(1)
        .as('free'),
    ])
    .executeTakeFirst()
  return row?.own ?? row?.free ?? FALLBACK_VIDEO_POINT
}
