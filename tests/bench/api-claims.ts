/**
 * The credited claims of `npm run bench:api`: many users, each claiming every video once, so
 * that every claim is new and is credited (a full ledger transaction), which is what "reward
 * claims" cost when users earn. The users share one PIN hash (one production scrypt hash for all;
 * no scenario here logs them in) and the handouts are written straight into the database, an
 * hour back, so every timer has passed; each user's watch times are spaced by more than the
 * longest timer (docs/product.md#api), so no claim is refused.
 */
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { randomToken, sha256 } from '../../server/lib/crypto.ts'
import { indiaDay } from '../../server/lib/time.ts'
import type { TestUser } from '../helpers/users.ts'
import type { RequestTemplate } from './api-load.ts'

/** Inserts `count` verified users with `template`'s PIN hash, each with a live token. */
export async function insertUsers(
  app: FastifyInstance,
  template: TestUser,
  count: number,
): Promise<TestUser[]> {
  const { pin_hash } = await app.db
    .selectFrom('users')
    .select('pin_hash')
    .where('id', '=', template.id)
    .executeTakeFirstOrThrow()
  const now = new Date().toISOString()
  const run = crypto.randomBytes(3).toString('hex')
  const fields = Array.from({ length: count }, (_, i) => ({
    email: `bench${run}${i}@example.com`,
    phone: `8${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`,
    referralId: `B${run}${i}`.toUpperCase(),
    token: randomToken(),
  }))
  const rows = await app.db
    .insertInto('users')
    .values(
      fields.map((f) => ({
        first_name: 'Bench User',
        email: f.email,
        phone_number: f.phone,
        pin_hash,
        email_verified: 1,
        referral_id: f.referralId,
        referred_by: null,
        points: 0,
        views: 0,
        membership_plan_id: null,
        platform_fee_paid: 0,
        is_faulty: 0,
        created_at: now,
      })),
    )
    .returning(['id', 'email'])
    .execute()
  const users = rows.map((row, i) => {
    const f = fields[i]!
    return {
      id: row.id,
      email: f.email,
      phone: f.phone,
      pin: template.pin,
      token: f.token,
      referralId: f.referralId,
    }
  })
  await app.db
    .insertInto('access_tokens')
    .values(
      users.map((user) => ({
        user_id: user.id,
        token_hash: sha256(user.token),
        expires_at: new Date(Date.now() + 86400_000).toISOString(),
        revoked_at: null,
        created_at: now,
      })),
    )
    .execute()
  return users
}

/**
 * Hands every video to each of `users` an hour ago and returns one claim per (video, user),
 * video by video (so requests in flight together belong to different users, as when many users
 * earn at once), each with its own `watched_at`: the user's k-th video at the handout plus
 * (k + 1) × (the longest timer + 1 s).
 */
export async function creditedClaims(
  app: FastifyInstance,
  users: TestUser[],
): Promise<RequestTemplate[]> {
  const videos = await app.db.selectFrom('videos').select(['id', 'timer']).orderBy('id').execute()
  const spacingMs = (Math.max(...videos.map((v) => v.timer)) + 1) * 1000
  const handedAt = new Date(Date.now() - 3600_000)
  if (handedAt.getTime() + (videos.length + 1) * spacingMs > Date.now()) {
    throw new Error('too many videos for the handouts an hour back')
  }
  const handouts = users.flatMap((user) =>
    videos.map((video) => ({
      user_id: user.id,
      video_id: video.id,
      india_day: indiaDay(handedAt),
      handed_at: handedAt.toISOString(),
    })),
  )
  for (let i = 0; i < handouts.length; i += 1000) {
    await app.db
      .insertInto('video_handouts')
      .values(handouts.slice(i, i + 1000))
      .execute()
  }
  return videos.flatMap((video, k) => {
    const watchedAt = new Date(handedAt.getTime() + (k + 1) * spacingMs).toISOString()
    const body = JSON.stringify({ dashboard_id: video.id, watched_at: watchedAt })
    return users.map((user) => ({ headers: { authorization: `Bearer ${user.token}` }, body }))
  })
}
