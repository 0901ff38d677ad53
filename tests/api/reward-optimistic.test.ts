// On PostgreSQL a reward claim is judged on a read made before any lock or write, and credited by
// one statement that writes the balance, the ledger and reward rows and the key with its answer
// only while the user's row is still the version read (server/db/reward-credit.ts); otherwise it
// is judged again under the row lock. PostgreSQL only: SQLite has no row versions and always
// judges under the lock.
import pg from 'pg'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { withApi } from '../helpers/api-app.ts'
import { rewardCalls } from '../helpers/rewards.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { creditRewardIfUnchanged } from '../../server/db/reward-credit.ts'
import { indiaDay } from '../../server/lib/time.ts'

type Query = (this: pg.Client, ...args: unknown[]) => unknown

/** Runs `action` and returns its result with the text of every statement any pg client sent. */
async function statementsOf<T>(action: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const texts: string[] = []
  const proto = pg.Client.prototype as unknown as { query: Query }
  const original = proto.query
  proto.query = function (...args) {
    const [first] = args
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text
    if (text) texts.push(text.trim().toLowerCase())
    return original.apply(this, args)
  }
  try {
    return { result: await action(), texts }
  } finally {
    proto.query = original
  }
}

describe('reward claims judged on an unlocked read on postgres', () => {
  const clock = testClock()
  const api = withApi('postgres', { clock: clock.now })
  const { dashboard, claim, balance, rewardRows } = rewardCalls(api)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  /** The user's row version (xmin, as text), as the unlocked read gives it. */
  const versionOf = async (user: TestUser) =>
    (
      await sql<{
        version: string
      }>`select xmin::text as version from users where id = ${user.id}`.execute(api.app.db)
    ).rows[0]!.version

  /** The key row's state and stored answer, if any. */
  const keyRow = (user: TestUser, key: string) =>
    api.app.db
      .selectFrom('idempotency_keys')
      .select(['state', 'response_status', 'response_body'])
      .where('user_id', '=', user.id)
      .where('key', '=', key)
      .executeTakeFirst()

  it('credits a claim without a transaction: one read, one write, the view counted once', async () => {
    const user = await createTestUser(api.app)
    const [first] = await dashboard(user)
    clock.advance(first!.timer)
    const { result, texts } = await statementsOf(() => claim(user, { dashboard_id: first!.id }))
    expect(result.status).toBe(200)
    expect(texts.filter((t) => t === 'begin' || t.startsWith('begin '))).toEqual([])
    expect(texts.filter((t) => t.includes('update "users"'))).toHaveLength(1)
    // The token lookup, the claim's read with its key's row, the credit with the key's answer.
    expect(texts).toHaveLength(3)
    expect(await balance(user)).toEqual({ points: 10, views: 1 })
    expect(result.body).toEqual({
      data: { message: 'Reward credited.', coins: 10, points: 10, views: 1 },
    })
  })

  it('writes nothing when the user row moved after the read or the key was taken meanwhile, and credits at the version read', async () => {
    const user = await createTestUser(api.app)
    const [first] = await dashboard(user)
    clock.advance(first!.timer)
    const before = await balance(user)
    const stale = await versionOf(user)
    // Any write of the row (here one that changes no value) makes a new version.
    await api.app.db
      .updateTable('users')
      .set({ views: sql`views` })
      .where('id', '=', user.id)
      .execute()
    const at = clock.iso()
    const answer = {
      data: { message: 'Reward credited.', coins: 10, points: before.points + 10, views: 1 },
    }
    const credit = {
      userId: user.id,
      coins: 10,
      videoId: first!.id,
      day: indiaDay(clock.now()),
      watchedAt: at,
      playedMs: null,
      description: `Reward for watching video ${first!.id}`,
      key: 'client:moved',
      route: 'add-reward',
      hash: 'hash',
      answer: JSON.stringify(answer),
      at,
    }
    const db = api.app.db
    expect(await creditRewardIfUnchanged(db, { ...credit, version: stale })).toBeNull()
    // No version (as SQLite reads): never written.
    expect(await creditRewardIfUnchanged(db, { ...credit, version: null })).toBeNull()
    expect(await balance(user)).toEqual(before)
    expect(await rewardRows(user)).toHaveLength(0)
    expect(await keyRow(user, credit.key)).toBeUndefined()

    // A key taken meanwhile (a request with the same key) fails the whole statement.
    await db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        key: 'client:taken',
        route: 'add-reward',
        request_hash: 'hash',
        state: 'in_flight',
        response_status: null,
        response_body: null,
        created_at: at,
        updated_at: at,
      })
      .execute()
    const current = await versionOf(user)
    const taken = { ...credit, key: 'client:taken', version: current }
    expect(await creditRewardIfUnchanged(db, taken)).toBeNull()
    expect(await balance(user)).toEqual(before)
    expect(await rewardRows(user)).toHaveLength(0)
    expect((await keyRow(user, 'client:taken'))?.state).toBe('in_flight')

    expect(await creditRewardIfUnchanged(db, { ...credit, version: current })).toEqual({
      points: before.points + 10,
      views: before.views + 1,
    })
    expect(await balance(user)).toEqual({ points: before.points + 10, views: before.views + 1 })
    expect(await rewardRows(user)).toHaveLength(1)
    expect(await keyRow(user, credit.key)).toEqual({
      state: 'done',
      response_status: 200,
      response_body: credit.answer,
    })
  })

  /**
   * Sends `bodies` as claims of `user`, each with its own key, while another transaction holds
   * the user's row (then rolls back, changing nothing): every claim reads before any writes, so
   * each is judged on a read with no reward yet, and only the first write finds the row at its
   * version. Returns the answers and the text of every statement sent meanwhile.
   */
  async function claimWhileRowLocked(user: TestUser, bodies: Array<Record<string, unknown>>) {
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    let locked = () => {}
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const holder = api.app.db
      .transaction()
      .execute(async (tx) => {
        await sql`select 1 from users where id = ${user.id} for no key update`.execute(tx)
        locked()
        await released
        throw new Error('roll back')
      })
      .catch(() => undefined)
    await lockTaken
    return statementsOf(async () => {
      const claims = Promise.all(bodies.map((body) => claim(user, body)))
      // Wait until every credit waits for the row's lock.
      for (let waiting = 0; waiting < bodies.length;) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        const [row] = (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(api.app.db)
        ).rows
        waiting = row?.n ?? 0
      }
      release()
      await holder
      return claims
    })
  }

  it('judges again under the lock a claim whose read another claim of the user outran', async () => {
    const user = await createTestUser(api.app)
    const videos = (await dashboard(user)).slice(0, 6)
    clock.advance(60)
    const at = clock.iso()
    // Six videos claimed for the same moment, all read before the first credit: the others find
    // the row moved and are judged again under the lock, where the first reward refuses them.
    const { result, texts } = await claimWhileRowLocked(
      user,
      videos.map((v) => ({ dashboard_id: v.id, watched_at: at })),
    )
    expect(result.filter((r) => r.status === 200)).toHaveLength(1)
    expect(result.filter((r) => r.body.code === 'TIMER_NOT_PASSED')).toHaveLength(5)
    // The five judged again ran in transactions; the credit did not.
    expect(texts.filter((t) => t === 'begin')).toHaveLength(5)
    expect(await balance(user)).toEqual({ points: 10, views: 1 })
    expect(await rewardRows(user)).toHaveLength(1)
  })

  it('refuses a claim of a video that another claim of the user was credited for after its read, storing the refusal', async () => {
    const user = await createTestUser(api.app)
    const [first] = await dashboard(user)
    clock.advance(first!.timer)
    // One video claimed six times at once, each with its own key (taps, retries with new keys):
    // all read before the first credit, which the reward row then refuses the others for.
    const body = { dashboard_id: first!.id }
    const { result } = await claimWhileRowLocked(user, Array(6).fill(body))
    expect(result.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect(result.filter((r) => r.body.code === 'ALREADY_REWARDED')).toHaveLength(5)
    expect(await balance(user)).toEqual({ points: 10, views: 1 })
    expect(await rewardRows(user)).toHaveLength(1)
    // Each refusal is its key's stored answer: the same key again gets it back.
    const stored = await api.app.db
      .selectFrom('idempotency_keys')
      .select(['state', 'response_status', 'response_body'])
      .where('user_id', '=', user.id)
      .where('response_status', '=', 409)
      .execute()
    expect(stored).toHaveLength(5)
    for (const row of stored) {
      expect(row.state).toBe('done')
      expect(JSON.parse(row.response_body!)).toMatchObject({ code: 'ALREADY_REWARDED' })
    }
  })
})
