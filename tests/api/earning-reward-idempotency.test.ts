// Reward claims under concurrency and the Idempotency-Key semantics (docs/product.md#api), on both
// engines: one credit for 20 identical claims, 422 for a reused key, 409 while in flight.
import crypto from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { rewardCalls } from '../helpers/rewards.ts'
import { createTestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { requestHash } from '../../server/earning/idempotency-keys.ts'
import { RETENTION_DAYS, enforceRetention } from '../../server/db/retention.ts'

describe.each(ENGINES)('reward idempotency and concurrency on %s', (engine) => {
  const clock = testClock()
  const overrides = { clock: clock.now }
  const api = withApi(engine, overrides)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  const { dashboard, claim, balance, rewardRows } = rewardCalls(api)

  it('credits the same claim sent 20 times at once exactly once', async () => {
    const user = await createTestUser(api.app)
    const [video] = await dashboard(user)
    clock.advance(video!.timer)
    const key = crypto.randomUUID()
    const results = await Promise.all(
      Array.from({ length: 20 }, () => claim(user, { dashboard_id: video!.id }, key)),
    )
    const ok = results.filter((r) => r.status === 200)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    for (const r of results) {
      if (r.status === 200) expect(r.body).toEqual(ok[0]?.body)
      else expect(r).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_IN_FLIGHT' } })
    }
    expect(await balance(user)).toEqual({ points: 10, views: 1 })
    expect(await rewardRows(user)).toHaveLength(1)
    const replay = await claim(user, { dashboard_id: video!.id }, key)
    expect(replay).toEqual(ok[0])
  })

  it('credits 20 claims of one video with different keys at once exactly once', async () => {
    const user = await createTestUser(api.app)
    const [video] = await dashboard(user)
    clock.advance(video!.timer)
    const results = await Promise.all(
      Array.from({ length: 20 }, () => claim(user, { dashboard_id: video!.id })),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(
      results.filter((r) => r.status === 409 && r.body.code === 'ALREADY_REWARDED'),
    ).toHaveLength(19)
    expect(await balance(user)).toEqual({ points: 10, views: 1 })
  })

  it('credits at most one of several different videos claimed at once for the same moment', async () => {
    const user = await createTestUser(api.app)
    const videos = (await dashboard(user)).slice(0, 3)
    clock.advance(60)
    const at = clock.iso()
    const results = await Promise.all(
      videos.map((v) => claim(user, { dashboard_id: v.id, watched_at: at })),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.body.code === 'TIMER_NOT_PASSED')).toHaveLength(2)
    expect((await balance(user)).points).toBe(10)
  })

  it('answers the same key with another body 422 and changes nothing', async () => {
    const user = await createTestUser(api.app)
    const [first, second] = await dashboard(user)
    clock.advance(60)
    const key = crypto.randomUUID()
    expect((await claim(user, { dashboard_id: first!.id }, key)).status).toBe(200)
    const reused = await claim(user, { dashboard_id: second!.id }, key)
    expect(reused.status).toBe(422)
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await balance(user)).toEqual({ points: 10, views: 1 })
  })

  it('answers 409 IDEMPOTENCY_IN_FLIGHT while a request with the key is recorded as in flight', async () => {
    const user = await createTestUser(api.app)
    const [video] = await dashboard(user)
    clock.advance(video!.timer)
    const key = crypto.randomUUID()
    const body = { dashboard_id: video!.id }
    // The first request's record, as written when it starts (client keys are stored as client:KEY).
    const first = await claim(user, body, key)
    await api.app.db
      .updateTable('idempotency_keys')
      .set({
        state: 'in_flight',
        response_status: null,
        response_body: null,
        updated_at: clock.iso(),
      })
      .where('user_id', '=', user.id)
      .where('key', '=', `client:${key}`)
      .execute()
    const during = await claim(user, body, key)
    expect(during.status).toBe(409)
    expect(during.body.code).toBe('IDEMPOTENCY_IN_FLIGHT')
    expect(first.status).toBe(200)
    expect(await balance(user)).toEqual({ points: 10, views: 1 })
  })

  it('lets a retry take over a key left in flight by a crashed request, still crediting once', async () => {
    const user = await createTestUser(api.app)
    const [video] = await dashboard(user)
    clock.advance(video!.timer)
    const key = crypto.randomUUID()
    const body = { dashboard_id: video!.id }
    // A request that died after recording its key, before its transaction committed.
    await api.app.db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        key: `client:${key}`,
        route: 'add-reward',
        request_hash: requestHash('add-reward', body),
        state: 'in_flight',
        response_status: null,
        response_body: null,
        created_at: clock.iso(),
        updated_at: clock.iso(),
      })
      .execute()
    expect((await claim(user, body, key)).body.code).toBe('IDEMPOTENCY_IN_FLIGHT')
    clock.advance(61)
    const retried = await claim(user, body, key)
    expect(retried.status).toBe(200)
    expect(await balance(user)).toEqual({ points: 10, views: 1 })
    expect(await claim(user, body, key)).toEqual(retried)
  })

  it('requires the Idempotency-Key header', async () => {
    const user = await createTestUser(api.app)
    const res = await api.call('POST', '/api/v1/add-reward/', {
      token: user.token,
      body: { dashboard_id: 1 },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED')
  })
  it('never credits a replay again once its stored answer has passed retention (the key stays on the ledger row)', async () => {
    const user = await createTestUser(api.app)
    const [video] = await dashboard(user)
    clock.advance(video!.timer)
    const key = crypto.randomUUID()
    expect((await claim(user, { dashboard_id: video!.id }, key)).status).toBe(200)
    clock.advance((RETENTION_DAYS.idempotencyKeys + 1) * 86_400)
    const report = await enforceRetention(api.app.db, clock.now())
    expect(report.idempotency_keys).toBeGreaterThanOrEqual(1)
    const stored = await api.app.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', user.id)
      .execute()
    expect(stored).toEqual([])
    const replay = await claim(user, { dashboard_id: video!.id }, key)
    expect(replay.status).toBeGreaterThanOrEqual(400)
    expect(await balance(user)).toEqual({ points: 10, views: 1 })
    expect(await rewardRows(user)).toHaveLength(1)
  })
})
