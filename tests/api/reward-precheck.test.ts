// A claim already credited today is refused before any transaction, and the refusal is the key's
// first answer, on both engines: a replay gets it again, another body with the key gets 422, and a
// credited key still replays its credit. A credited claim reads all its facts in one statement;
// every refusal keeps its own answer.
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { rewardCalls } from '../helpers/rewards.ts'
import { createTestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { appContext } from '../../server/context.ts'
import { KeyReleased } from '../../server/earning/idempotency-hold.ts'
import { claimReward } from '../../server/earning/rewards.ts'

describe.each(ENGINES)('reward claims refused before a transaction on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, { clock: clock.now })
  const { dashboard, claim, rewardRows } = rewardCalls(api)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  /** A new user whose claim of their first video, past its timer, was credited under `key`. */
  async function creditedFirstVideo(key: string) {
    const user = await createTestUser(api.app)
    const [first, second] = await dashboard(user)
    clock.advance(first!.timer)
    const credited = await claim(user, { dashboard_id: first!.id }, key)
    expect(credited.status).toBe(200)
    return { user, first: first!, second: second!, credited }
  }

  /** `columns` of the row stored for the client's Idempotency-Key `key` (`client:` namespace). */
  const storedKey = <C extends 'state' | 'response_status' | 'response_body'>(
    userId: number,
    key: string,
    columns: C[],
  ) =>
    api.app.db
      .selectFrom('idempotency_keys')
      .select(columns)
      .where('user_id', '=', userId)
      .where('key', '=', `client:${key}`)
      .executeTakeFirstOrThrow()

  it('stores the refusal of an already rewarded video as the key answer, and replays both answers', async () => {
    const { user, first, second, credited } = await creditedFirstVideo('first-key')

    const refused = await claim(user, { dashboard_id: first.id }, 'second-key')
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('ALREADY_REWARDED')
    const stored = await storedKey(user.id, 'second-key', ['state', 'response_status'])
    expect(stored).toEqual({ state: 'done', response_status: 409 })

    expect(await claim(user, { dashboard_id: first.id }, 'second-key')).toEqual(refused)
    const reused = await claim(user, { dashboard_id: second.id }, 'second-key')
    expect(reused.status).toBe(422)
    expect(await claim(user, { dashboard_id: first.id }, 'first-key')).toEqual(credited)
    expect(await rewardRows(user)).toHaveLength(1)
  })

  it('judges a claim on all its facts read at once: a replayed watch time too close before the next reward is refused', async () => {
    const user = await createTestUser(api.app)
    const [a, b] = await dashboard(user)
    const t0 = clock.now().getTime()
    const at = (s: number) => new Date(t0 + s * 1000).toISOString()
    clock.advance(600)
    const later = await claim(user, { dashboard_id: b!.id, watched_at: at(a!.timer + b!.timer) })
    expect(later.status).toBe(200)
    // One second less than b's timer before b's watch time.
    const overlapping = await claim(user, { dashboard_id: a!.id, watched_at: at(a!.timer + 1) })
    expect(overlapping.status).toBe(422)
    expect(overlapping.body).toMatchObject({
      code: 'TIMER_NOT_PASSED',
      message: 'This watch time overlaps another rewarded video.',
    })
    const tooSoon = await claim(user, {
      dashboard_id: a!.id,
      watched_at: at(a!.timer + b!.timer + 1),
    })
    expect(tooSoon.body.message).toBe(
      `Rewards come at most once every ${a!.timer} seconds. Keep watching.`,
    )
    const unknown = await claim(user, { dashboard_id: 999_999 })
    expect(unknown.body.code).toBe('VIDEO_NOT_FOUND')
    expect(await rewardRows(user)).toHaveLength(1)
  })

  it('writes money through durable commits and only keys taken outside a transaction through the asynchronous pool', async () => {
    const setting = async (db: typeof api.app.db) =>
      (
        await sql<{
          setting: string
        }>`select current_setting('synchronous_commit') as setting`.execute(db)
      ).rows[0]?.setting
    if (engine === 'postgres') {
      expect(await setting(api.app.db)).toBe('on')
      expect(await setting(api.app.asyncCommitDb)).toBe('off')
    } else {
      // SQLite has one connection: the same database handle for both.
      expect(api.app.asyncCommitDb).toBe(api.app.db)
    }
  })

  it('recomputes the same refusal when its key row was lost in a crash, and credits nothing', async () => {
    const user = await createTestUser(api.app)
    const [first] = await dashboard(user)
    clock.advance(first!.timer)
    const body = { dashboard_id: first!.id, watched_at: clock.now().toISOString() }
    expect((await claim(user, body, 'credit-key')).status).toBe(200)
    const refused = await claim(user, body, 'lost-key')
    expect(refused.body.code).toBe('ALREADY_REWARDED')
    // The refusal's key row went through the pool that does not wait for the WAL flush: a crash of
    // the database server right after it may lose it. Lose it, then retry the same key and body.
    await api.app.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', user.id)
      .where('key', '=', 'client:lost-key')
      .execute()
    clock.advance(3600)
    expect(await claim(user, body, 'lost-key')).toEqual(refused)
    expect(await claim(user, body, 'lost-key')).toEqual(refused)
    expect(await rewardRows(user)).toHaveLength(1)
  })

  it('takes a fresh key in flight and credits it, then replays the credit from the same one statement', async () => {
    const { user, first, second, credited } = await creditedFirstVideo('one-key')
    const stored = await storedKey(user.id, 'one-key', [
      'state',
      'response_status',
      'response_body',
    ])
    expect(stored).toEqual({
      state: 'done',
      response_status: 200,
      response_body: JSON.stringify(credited.body),
    })
    clock.advance(60)
    expect(await claim(user, { dashboard_id: first.id }, 'one-key')).toEqual(credited)
    const other = await claim(user, { dashboard_id: second.id }, 'one-key')
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await rewardRows(user)).toHaveLength(1)
  })

  it('holds the claim key in the statement that locks the user: a key released underneath is not run and counts no view', async () => {
    const user = await createTestUser(api.app)
    const [first] = await dashboard(user)
    clock.advance(first!.timer)
    const before = await api.app.db
      .selectFrom('users')
      .select(['views', 'points'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    // No in-flight row for this key (as after another instance's start-up released it).
    const hold = { userId: user.id, key: 'client:released', at: clock.now().toISOString() }
    const ctx = appContext(api.app)
    await expect(
      api.app.db
        .transaction()
        .execute((tx) => claimReward(ctx, tx, user.id, { dashboard_id: first!.id }, hold)),
    ).rejects.toBeInstanceOf(KeyReleased)
    const after = await api.app.db
      .selectFrom('users')
      .select(['views', 'points'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(after).toEqual(before)
    expect(await rewardRows(user)).toHaveLength(0)
  })
})
