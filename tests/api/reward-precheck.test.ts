// A claim already credited today is refused before any transaction (issue 14's speed work) and
// the refusal is the key's first answer, on both engines: a replay gets it again, another body
// with the key gets 422, and a credited key still replays its credit. A credited claim reads all
// its facts in one statement; every refusal keeps its own answer.
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { rewardCalls } from '../helpers/rewards.ts'
import { createTestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'

describe.each(ENGINES)('reward claims refused before a transaction on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, { clock: clock.now })
  const { dashboard, claim, rewardRows } = rewardCalls(api)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  it('stores the refusal of an already rewarded video as the key answer, and replays both answers', async () => {
    const user = await createTestUser(api.app)
    const [first, second] = await dashboard(user)
    clock.advance(first!.timer)
    const credited = await claim(user, { dashboard_id: first!.id }, 'first-key')
    expect(credited.status).toBe(200)

    const refused = await claim(user, { dashboard_id: first!.id }, 'second-key')
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('ALREADY_REWARDED')
    const stored = await api.app.db
      .selectFrom('idempotency_keys')
      .select(['state', 'response_status'])
      .where('user_id', '=', user.id)
      .where('key', '=', 'client:second-key')
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ state: 'done', response_status: 409 })

    expect(await claim(user, { dashboard_id: first!.id }, 'second-key')).toEqual(refused)
    const reused = await claim(user, { dashboard_id: second!.id }, 'second-key')
    expect(reused.status).toBe(422)
    expect(await claim(user, { dashboard_id: first!.id }, 'first-key')).toEqual(credited)
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
})
