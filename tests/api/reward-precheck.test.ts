// A claim already credited today is refused before any transaction (issue 14's speed work) and
// the refusal is the key's first answer, on both engines: a replay gets it again, another body
// with the key gets 422, and a credited key still replays its credit.
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
})
