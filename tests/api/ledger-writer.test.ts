// The ledger's one writer credits a video reward in two forms (server/earning/ledger.ts): under the
// user's row lock in a transaction (both engines), and PostgreSQL's one statement while the user's
// row is still at the version read. The same tests run against every form an engine has: each
// writes the same ledger row, reward row and balance, the ledger still sums to the balance, and a
// second reward of the video on the same India day writes nothing. On SQLite, which has no row
// versions, the one-statement form writes nothing at all.
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES, type EngineName } from '../helpers/databases.ts'
import { withApi, type ApiHandle } from '../helpers/api-app.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced } from '../helpers/ledger.ts'
import {
  creditVideoReward,
  creditVideoRewardIfUnchanged,
  type VideoReward,
} from '../../server/earning/ledger.ts'
import { rowVersion } from '../../server/db/row-version.ts'
import { indiaDay } from '../../server/lib/time.ts'

type Form = 'under the row lock' | 'one statement'

/** The forms of the reward credit each engine runs. */
const FORMS: Record<EngineName, Form[]> = {
  sqlite: ['under the row lock'],
  postgres: ['under the row lock', 'one statement'],
}

/** The user's row version as a claim's read gives it (null on SQLite). */
async function versionOf(api: ApiHandle, userId: number): Promise<string | null> {
  const db = api.app.db
  const row = await db
    .selectFrom('users')
    .select(rowVersion(db, 'users').as('version'))
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.version
}

/**
 * Credits `reward` in `form`: resolves the new balance (coins), or null when the form wrote
 * nothing (the one statement finding the row moved or a reward already there).
 */
async function credit(api: ApiHandle, form: Form, reward: VideoReward): Promise<number | null> {
  if (form === 'under the row lock') {
    try {
      return await api.app.db.transaction().execute(async (tx) => {
        await api.app.dialect.lockUser(tx, reward.userId)
        return (await creditVideoReward(tx, reward)).points
      })
    } catch {
      return null
    }
  }
  const version = await versionOf(api, reward.userId)
  const answer = JSON.stringify({ data: { coins: reward.coins } })
  const judged = { version, route: 'add-reward', hash: `hash-${reward.key}`, answer }
  return (await creditVideoRewardIfUnchanged(api.app.db, reward, judged))?.points ?? null
}

describe.each(ENGINES)('the ledger writer’s video reward on %s', (engine) => {
  const api = withApi(engine)
  const at = new Date('2026-03-01T06:30:00.000Z')

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  /** A reward of 25 coins for the first seeded video, watched a minute before `at`. */
  async function rewardFor(user: TestUser, key: string): Promise<VideoReward> {
    const video = await api.app.db
      .selectFrom('videos')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const watchedAt = new Date(at.getTime() - 60_000)
    return {
      userId: user.id,
      coins: 25,
      videoId: video.id,
      day: indiaDay(watchedAt),
      watchedAt,
      playedMs: 31_000,
      key,
      at,
    }
  }

  /** The user's reward rows: the ledger row and the reward row it is linked to. */
  async function rewardRows(user: TestUser) {
    const db = api.app.db
    const ledger = await db
      .selectFrom('ledger_entries')
      .select([
        'id',
        'kind',
        'coins',
        'status',
        'description',
        'idempotency_key',
        'video_id',
        'reward_day',
        'created_at',
      ])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'video_reward')
      .execute()
    const rewards = await db
      .selectFrom('video_rewards')
      .select(['video_id', 'india_day', 'watched_at', 'ledger_entry_id', 'played_ms'])
      .where('user_id', '=', user.id)
      .execute()
    const { points } = await db
      .selectFrom('users')
      .select('points')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    return { ledger, rewards, points }
  }

  it.each(FORMS[engine])(
    'credited %s: one confirmed ledger row with the key, its reward row and the balance',
    async (form) => {
      const user = await createTestUser(api.app)
      const before = (await rewardRows(user)).points
      const reward = await rewardFor(user, 'client:writer')
      expect(await credit(api, form, reward)).toBe(before + 25)
      const { ledger, rewards, points } = await rewardRows(user)
      expect(points).toBe(before + 25)
      expect(ledger).toEqual([
        {
          id: expect.any(Number),
          kind: 'video_reward',
          coins: 25,
          status: 'confirmed',
          description: `Reward for watching video ${reward.videoId}`,
          idempotency_key: reward.key,
          video_id: reward.videoId,
          reward_day: reward.day,
          created_at: at.toISOString(),
        },
      ])
      expect(rewards).toEqual([
        {
          video_id: reward.videoId,
          india_day: reward.day,
          watched_at: reward.watchedAt.toISOString(),
          ledger_entry_id: ledger[0]!.id,
          played_ms: 31_000,
        },
      ])
    },
  )

  it.each(FORMS[engine])(
    'credited %s: a second reward of the video on the same India day writes nothing',
    async (form) => {
      const user = await createTestUser(api.app)
      const first = await rewardFor(user, 'client:writer-first')
      expect(await credit(api, form, first)).not.toBeNull()
      const written = await rewardRows(user)
      expect(await credit(api, form, { ...first, key: 'client:writer-second' })).toBeNull()
      expect(await rewardRows(user)).toEqual(written)
    },
  )

  if (engine === 'sqlite') {
    it('the one-statement form writes nothing on SQLite, which has no row versions', async () => {
      const user = await createTestUser(api.app)
      const before = await rewardRows(user)
      expect(await credit(api, 'one statement', await rewardFor(user, 'client:w'))).toBeNull()
      expect(await rewardRows(user)).toEqual(before)
    })
  }
})
