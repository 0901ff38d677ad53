// Referral rewards released after the friend watches (server/earning/signup-rewards.ts
// releaseReferralRewards; rule referralRewardAfterVideos, default 3) on both engines: nothing at
// verification, both sides credited exactly once by the friend's third credited claim, and
// nothing for a friend a risk rule fires for (an account on the referrer's phone).
import crypto from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { rewardCalls } from '../helpers/rewards.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { assessRisk } from '../../server/risk/assess.ts'
import { freshEmail, freshPhone } from './accounts-helpers.ts'
import { deviceHeader, freshAddress, freshDeviceId, riskCalls } from './risk-helpers.ts'

describe.each(ENGINES)('referral rewards after the friend watches on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, { clock: clock.now })
  const { dashboard, claim } = rewardCalls(api)
  const { seen } = riskCalls(api)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  /** Signs up through the API with `referrer`'s code from `device`, verifies, returns the friend. */
  const signUpReferred = async (referrer: TestUser, device: string): Promise<TestUser> => {
    const email = freshEmail()
    const before = api.smtp.messages.length
    const res = await api.call('POST', '/api/v1/user/registration/', {
      body: {
        first_name: 'Meera Iyer',
        phone_number: freshPhone(),
        email,
        password: '4821',
        referral_id: referrer.referralId,
      },
      headers: deviceHeader(api, device),
      ip: freshAddress(),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(417)
    const token = String(res.body.access_token)
    const code = await api.smtp.waitForCode(email, { after: before })
    const verified = await api.call('POST', '/api/v1/verify-otp-after-signup/', {
      body: { otp: code, request_id: (res.body.otp_response as { requestId: string }).requestId },
      token,
    })
    expect(verified.status).toBe(200)
    const row = await api.app.db
      .selectFrom('users')
      .select(['id', 'referral_id'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow()
    return { id: row.id, email, phone: '', pin: '4821', token, referralId: row.referral_id }
  }
  const referralRows = (user: TestUser) =>
    api.app.db
      .selectFrom('ledger_entries')
      .select(['coins', 'idempotency_key', 'related_user_id', 'description'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'referral_reward')
      .execute()
  /** Claims the friend's next `count` videos, each once its timer has passed. */
  const watch = async (friend: TestUser, from: number, count: number) => {
    const videos = await dashboard(friend)
    for (const video of videos.slice(from, from + count)) {
      clock.advance(video.timer + 2.7)
      const res = await claim(friend, { dashboard_id: video.id })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
  }

  it('waits for 3 videos by default', () => {
    expect(api.app.config.rules.referralRewardAfterVideos).toBe(3)
    expect(DEFAULT_RULES.referralRewardAfterVideos).toBe(3)
  })

  it('credits nothing at verification and both sides exactly once at the friend’s third credited claim', async () => {
    const referrer = await createTestUser(api.app)
    const friend = await signUpReferred(referrer, freshDeviceId())
    expect(await referralRows(friend)).toEqual([])
    expect(await referralRows(referrer)).toEqual([])

    await watch(friend, 0, 2)
    expect(await referralRows(friend)).toEqual([])
    expect(await referralRows(referrer)).toEqual([])

    await watch(friend, 2, 1)
    expect(await referralRows(friend)).toEqual([
      {
        coins: 100,
        idempotency_key: 'referral_friend',
        related_user_id: referrer.id,
        description: 'Referral reward for joining with a referral code',
      },
    ])
    expect(await referralRows(referrer)).toEqual([
      {
        coins: 100,
        idempotency_key: `referral:${friend.id}`,
        related_user_id: friend.id,
        description: 'Referral reward: a friend you referred watched 3 videos',
      },
    ])

    await watch(friend, 3, 2)
    expect(await referralRows(friend)).toHaveLength(1)
    expect(await referralRows(referrer)).toHaveLength(1)
    const referrerPoints = await api.app.db
      .selectFrom('users')
      .select('points')
      .where('id', '=', referrer.id)
      .executeTakeFirstOrThrow()
    expect(referrerPoints.points).toBe(100)
  })

  it('releases nothing for a friend on the referrer’s phone (shared_device fires)', async () => {
    const referrer = await createTestUser(api.app)
    const phone = freshDeviceId()
    await seen(referrer, phone)
    const friend = await signUpReferred(referrer, phone)
    await signUpReferred(referrer, phone)
    expect(
      (await assessRisk(api.app.db, api.app.config.risk, friend.id)).map((f) => f.rule),
    ).toEqual(['shared_device'])
    await watch(friend, 0, 4)
    expect(await referralRows(friend)).toEqual([])
    expect(await referralRows(referrer)).toEqual([])
  })

  it('releases for a friend on another phone of the same referrer’s tree', async () => {
    const referrer = await createTestUser(api.app)
    const phone = freshDeviceId()
    await seen(referrer, phone)
    await signUpReferred(referrer, phone)
    const friend = await signUpReferred(referrer, `${phone}-other`)
    expect(await assessRisk(api.app.db, api.app.config.risk, friend.id)).toEqual([])
    await watch(friend, 0, 3)
    expect(await referralRows(friend)).toHaveLength(1)
    expect((await referralRows(referrer)).map((r) => r.idempotency_key)).toEqual([
      `referral:${friend.id}`,
    ])
  })

  it('keeps a replayed third claim from crediting twice', async () => {
    const referrer = await createTestUser(api.app)
    const friend = await signUpReferred(referrer, freshDeviceId())
    await watch(friend, 0, 2)
    const [, , third] = await dashboard(friend)
    clock.advance(third!.timer + 3)
    const key = crypto.randomUUID()
    const first = await claim(friend, { dashboard_id: third!.id }, key)
    expect(first.status).toBe(200)
    expect(await claim(friend, { dashboard_id: third!.id }, key)).toEqual(first)
    expect(await referralRows(friend)).toHaveLength(1)
    expect(await referralRows(referrer)).toHaveLength(1)
  })
})
