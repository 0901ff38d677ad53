/**
 * Seed data for the earning tables: the free plan and paid plans of two types (docs/product.md#api), and
 * the videos of the dashboard. The first videos are small files served by the app
 * (public/videos/), so the player works with no internet; the rest are YouTube links.
 */
import type { Db } from '../index.ts'

/** The demo plans; deposit_point is rupees as text or 'FREE' (docs/product.md#units). */
export const SEED_PLANS = [
  { membership_type: 'Free', video_point: 10, deposit_point: 'FREE', withdrawl_days: 7 },
  { membership_type: 'Silver', video_point: 25, deposit_point: '499', withdrawl_days: 5 },
  { membership_type: 'Silver', video_point: 50, deposit_point: '999', withdrawl_days: 5 },
  { membership_type: 'Gold', video_point: 120, deposit_point: '1999', withdrawl_days: 3 },
  { membership_type: 'Gold', video_point: 300, deposit_point: '4999', withdrawl_days: 2 },
  { membership_type: 'Platinum', video_point: 700, deposit_point: '9999', withdrawl_days: 1 },
]

const YOUTUBE_IDS = [
  'aqz-KE-bpKQ',
  'ScMzIvxBSi4',
  'LXb3EKWsInQ',
  'jNQXAC9IVRw',
  '9bZkp7q19f0',
  'kJQP7kiw5Fk',
  'YQHsXMglC9A',
  'OPf0YbXqDm0',
  'RgKAFK5djSk',
  'hT_nvWreIhg',
]

/** The demo videos: three local files (20 s long, timer 15 s), then YouTube links (timer 20–60 s). */
const SEED_VIDEOS = [
  { link: '/videos/sample-1.mp4', redirection_link: '/how-to-earn', timer: 15 },
  { link: '/videos/sample-2.mp4', redirection_link: '/referandearn', timer: 15 },
  { link: '/videos/sample-3.webm', redirection_link: '/deposit-fee', timer: 15 },
  ...YOUTUBE_IDS.map((id, i) => ({
    link: `https://www.youtube.com/watch?v=${id}`,
    redirection_link: `https://www.youtube.com/watch?v=${id}`,
    timer: 20 + ((i * 5) % 45),
  })),
]

/** Inserts the demo rows once; does nothing when they exist. */
export async function seedEarning(db: Db): Promise<void> {
  const plans = await db.selectFrom('membership_plans').select('id').limit(1).execute()
  if (plans.length === 0) await db.insertInto('membership_plans').values(SEED_PLANS).execute()
  const videos = await db.selectFrom('videos').select('id').limit(1).execute()
  if (videos.length === 0) await db.insertInto('videos').values(SEED_VIDEOS).execute()
}
