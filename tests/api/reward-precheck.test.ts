// A claim refused on the read made with its key is refused without a transaction, and the refusal
// is the key's first answer, on both engines: a replay gets it again, another body with the key
// gets 422, and a credited key still replays its credit. A credited claim reads all its facts in
// one statement; every refusal keeps its own answer. And runIdempotent's own guarantees: a key
// released underneath is not run, and an unexpected failure frees the key for a retry.
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { rewardCalls } from '../helpers/rewards.ts'
import { createTestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { appContext, type AppContext } from '../../server/context.ts'
import { runIdempotent } from '../../server/earning/idempotency.ts'

describe.each(ENGINES)('reward claims refused without a transaction on %s', (engine) => {
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

  it('stores a credit as its key answer, and replays it', async () => {
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

  it('stores a refusal judged on the read as the key answer: the same key still gets it once the timer has passed', async () => {
    const user = await createTestUser(api.app)
    const [first] = await dashboard(user)
    const body = { dashboard_id: first!.id }
    const early = await claim(user, body, 'early-key')
    expect(early.status).toBe(422)
    expect(early.body.code).toBe('TIMER_NOT_PASSED')
    expect(await storedKey(user.id, 'early-key', ['state', 'response_status'])).toEqual({
      state: 'done',
      response_status: 422,
    })
    clock.advance(first!.timer)
    expect(await claim(user, body, 'early-key')).toEqual(early)
    expect(await rewardRows(user)).toHaveLength(0)
    expect((await claim(user, body, 'later-key')).status).toBe(200)
    expect(await rewardRows(user)).toHaveLength(1)
  })

  /** The request of `user`'s key `key` as runIdempotent takes it, with a fixed body. */
  const keyed = (userId: number, key: string) => ({
    userId,
    key: `client:${key}`,
    route: 'test-route',
    body: { n: 1 },
  })

  /** A handler that counts its runs and answers 200 `{ runs }` after writing a view. */
  function countingHandler(userId: number) {
    let runs = 0
    const handler = async (tx: Parameters<Parameters<typeof runIdempotent>[2]>[0]) => {
      runs += 1
      await tx
        .updateTable('users')
        .set({ views: sql`views + 1` })
        .where('id', '=', userId)
        .execute()
      return { status: 200, body: { runs } }
    }
    return { handler, runs: () => runs }
  }

  const viewsOf = async (userId: number) =>
    (
      await api.app.db
        .selectFrom('users')
        .select('views')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).views

  it('runs no handler for a key released between its take and its transaction (another instance started)', async () => {
    const user = await createTestUser(api.app)
    const ctx = appContext(api.app)
    const db = api.app.db
    // The key's in-flight row is deleted just before the transaction starts, as a start-up's
    // release of abandoned keys would.
    const releasing = new Proxy(db, {
      get(target, prop) {
        if (prop === 'transaction') {
          return () => ({
            execute: async (fn: Parameters<ReturnType<typeof db.transaction>['execute']>[0]) => {
              await target.deleteFrom('idempotency_keys').where('user_id', '=', user.id).execute()
              return target.transaction().execute(fn)
            },
          })
        }
        const value: unknown = Reflect.get(target, prop, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const released: AppContext = { ...ctx, db: releasing }
    const { handler, runs } = countingHandler(user.id)
    await expect(
      runIdempotent(released, keyed(user.id, 'released'), handler),
    ).rejects.toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_IN_FLIGHT' })
    expect(runs()).toBe(0)
    expect(await viewsOf(user.id)).toBe(0)
  })

  it('frees the key when the handler fails unexpectedly, so a retry with it runs once', async () => {
    const user = await createTestUser(api.app)
    const ctx = appContext(api.app)
    const request = keyed(user.id, 'retried')
    await expect(
      runIdempotent(ctx, request, async (tx) => {
        await tx
          .updateTable('users')
          .set({ views: sql`views + 1` })
          .where('id', '=', user.id)
          .execute()
        throw new Error('the handler failed')
      }),
    ).rejects.toThrow('the handler failed')
    expect(await viewsOf(user.id)).toBe(0)
    const { handler, runs } = countingHandler(user.id)
    const answer = await runIdempotent(ctx, request, handler)
    expect(answer).toEqual({ status: 200, body: { runs: 1 } })
    expect(await runIdempotent(ctx, request, handler)).toEqual(answer)
    expect(runs()).toBe(1)
    expect(await viewsOf(user.id)).toBe(1)
  })
})
