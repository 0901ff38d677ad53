/**
 * The dashboard's videos (docs/product.md#api): `GET /dashboard/` hands them out and records
 * when, which is what a reward claim (rewards.ts) is later judged by.
 */
import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import { compiledOnce, type CompiledParam } from '../db/compiled.ts'
import type { DashboardVideo } from '../../contract/api/earning.ts'
import type { AppContext } from '../context.ts'
import { indiaDay } from '../lib/time.ts'

/** A dashboard video item (docs/product.md#api; the contract's `DashboardVideo`). `timer` is in seconds. */
type VideoItem = DashboardVideo

/** How long one instance serves its copy of the video list (operators' edits show within it). */
export const VIDEO_LIST_TTL_MS = 2_000

const videoLists = new WeakMap<AppContext['db'], { readAt: number; videos: Promise<VideoItem[]> }>()

/**
 * Every video in seed order, read at most once per VIDEO_LIST_TTL_MS (by the app's clock) per
 * database handle: the list is the same for every user, so the dashboard does not read (and
 * PostgreSQL does not plan) it per request. A failed read is not kept.
 */
function videoList(ctx: AppContext): Promise<VideoItem[]> {
  const { db } = ctx
  const cached = videoLists.get(db)
  const now = ctx.now().getTime()
  // A clock set back (a test's) reads again too.
  if (cached && now >= cached.readAt && now - cached.readAt < VIDEO_LIST_TTL_MS)
    return cached.videos
  const videos = db
    .selectFrom('videos')
    .select(['id', 'link', 'redirection_link', 'timer'])
    // Operators hide a video or reorder the list in the console (migration 006).
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute()
  videoLists.set(db, { readAt: now, videos })
  videos.catch(() => videoLists.delete(db))
  return videos
}

/** The user's handouts (rewarded 0) and rewards (1) of an India day, by video (compiled once). */
const todaysVideos = compiledOnce((db: Db, param: CompiledParam<{ userId: number; day: string }>) =>
  db
    .selectFrom('video_handouts')
    .select(['video_id', sql<number>`0`.as('rewarded')])
    .where('user_id', '=', param('userId'))
    .where('india_day', '=', param('day'))
    .unionAll(
      db
        .selectFrom('video_rewards')
        .select(['video_id', sql<number>`1`.as('rewarded')])
        .where('user_id', '=', param('userId'))
        .where('india_day', '=', param('day')),
    ),
)

/**
 * The videos for `userId`: every video not yet rewarded today (India time), in seed order; a
 * `link` naming one of them puts it first. Records the handout of each (first of the day kept).
 * Per request one indexed read finds the user's handouts and rewards of the day; only videos not
 * handed out yet today are written, so a dashboard opened again is a single read.
 */
export async function handOutVideos(
  ctx: AppContext,
  userId: number,
  link?: string,
): Promise<VideoItem[]> {
  const now = ctx.now()
  const day = indiaDay(now)
  const [all, today] = await Promise.all([
    videoList(ctx),
    todaysVideos(ctx.db, { userId, day }).then((result) => result.rows),
  ])
  const handedOut = new Set(today.filter((r) => Number(r.rewarded) === 0).map((r) => r.video_id))
  const rewarded = new Set(today.filter((r) => Number(r.rewarded) === 1).map((r) => r.video_id))
  const videos = all.filter((v) => !rewarded.has(v.id))
  const fresh = videos.filter((v) => !handedOut.has(v.id))
  if (fresh.length > 0) {
    await ctx.db
      .insertInto('video_handouts')
      .values(
        fresh.map((v) => ({
          user_id: userId,
          video_id: v.id,
          india_day: day,
          handed_at: now.toISOString(),
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'video_id', 'india_day']).doNothing())
      .execute()
  }
  const first = link ? videos.findIndex((v) => v.link === link) : -1
  return first > 0 ? [...videos.slice(first), ...videos.slice(0, first)] : videos
}
