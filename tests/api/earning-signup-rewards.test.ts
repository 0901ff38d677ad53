// grantSignupRewards (bonus and referral rewards, once), releaseReferralRewards (the referral
// rewards once the friend has watched) and videoPointForUser, on both engines.
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { assertLedgerBalanced } from '../helpers/ledger.ts'
import { grantSignupRewards, releaseReferralRewards } from '../../server/earning/signup-rewards.ts'
import { appContext } from '../../server/context.ts'
import { videoPointForUser } from '../../server/earning/membership.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'

describe.each(ENGINES)('signup rewards and membership lookups on %s', (engine) => {
  const api = withApi(engine)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  const points = async (id: number) =>
    (
      await api.app.db
        .selectFrom('users')
        .select('points')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).points
  const grant = (id: number) =>
    api.app.db.transaction().execute((tx) => grantSignupRewards(tx, id, api.app.config.rules))

  it('credits the 10,000-coin signup bonus once', async () => {
    const user = await createTestUser(api.app)
    expect(await grant(user.id)).toEqual({
      creditedCoins: DEFAULT_RULES.signupBonusCoins,
      referrerId: null,
    })
    expect(await grant(user.id)).toEqual({ creditedCoins: 0, referrerId: null })
    expect(await points(user.id)).toBe(10_000)
    const rows = await api.app.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute()
    expect(rows).toMatchObject([{ kind: 'signup_bonus', coins: 10_000, status: 'confirmed' }])
  })

  /** A friend referred by a new referrer. */
  const referredFriend = async () => {
    const referrer = await createTestUser(api.app)
    const friend = await createTestUser(api.app)
    await api.app.db
      .updateTable('users')
      .set({ referred_by: referrer.id })
      .where('id', '=', friend.id)
      .execute()
    return { referrer, friend }
  }
  const referralRows = (userId: number) =>
    api.app.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'referral_reward')
      .execute()

  it('credits the referral reward to the friend and the referrer once each at verification when referralRewardAfterVideos is 0', async () => {
    const { referrer, friend } = await referredFriend()
    const rules = { ...api.app.config.rules, referralRewardAfterVideos: 0 }
    const grantNow = () =>
      api.app.db.transaction().execute((tx) => grantSignupRewards(tx, friend.id, rules))
    expect(await grantNow()).toEqual({ creditedCoins: 10_100, referrerId: referrer.id })
    expect(await grantNow()).toEqual({ creditedCoins: 0, referrerId: null })
    expect(await points(friend.id)).toBe(10_000 + DEFAULT_RULES.referralRewardFriendCoins)
    expect(await points(referrer.id)).toBe(DEFAULT_RULES.referralRewardReferrerCoins)
    expect(await referralRows(referrer.id)).toMatchObject([
      { kind: 'referral_reward', coins: 100, related_user_id: friend.id },
    ])
  })

  it('keeps the referral rewards pending at verification and releases them once after the friend has watched referralRewardAfterVideos videos', async () => {
    expect(api.app.config.rules.referralRewardAfterVideos).toBe(3)
    const { referrer, friend } = await referredFriend()
    expect(await grant(friend.id)).toEqual({ creditedCoins: 10_000, referrerId: null })
    expect(await points(referrer.id)).toBe(0)
    const ctx = appContext(api.app)
    const watched = (views: number) =>
      api.app.db.updateTable('users').set({ views }).where('id', '=', friend.id).execute()
    await watched(2)
    expect(await releaseReferralRewards(ctx, friend.id)).toBeNull()
    expect(await referralRows(friend.id)).toEqual([])
    await watched(3)
    expect(await releaseReferralRewards(ctx, friend.id)).toBe(referrer.id)
    expect(await releaseReferralRewards(ctx, friend.id)).toBeNull()
    expect(await points(friend.id)).toBe(10_000 + DEFAULT_RULES.referralRewardFriendCoins)
    expect(await points(referrer.id)).toBe(DEFAULT_RULES.referralRewardReferrerCoins)
    expect(await referralRows(referrer.id)).toMatchObject([
      {
        coins: 100,
        related_user_id: friend.id,
        description: 'Referral reward: a friend you referred watched 3 videos',
      },
    ])
    expect(await referralRows(friend.id)).toMatchObject([
      { coins: 100, related_user_id: referrer.id },
    ])
  })

  it('uses the rules it is given and defaults to DEFAULT_RULES', async () => {
    const user = await createTestUser(api.app)
    await api.app.db
      .transaction()
      .execute((tx) => grantSignupRewards(tx, user.id, { ...DEFAULT_RULES, signupBonusCoins: 500 }))
    expect(await points(user.id)).toBe(500)
    const other = await createTestUser(api.app)
    await api.app.db.transaction().execute((tx) => grantSignupRewards(tx, other.id))
    expect(await points(other.id)).toBe(DEFAULT_RULES.signupBonusCoins)
  })

  it("gives the free plan's video_point without a plan, and the plan's once applied", async () => {
    const user = await createTestUser(api.app)
    expect(await videoPointForUser(api.app.db, user.id)).toBe(10)
    const gold = await api.app.db
      .selectFrom('membership_plans')
      .selectAll()
      .where('deposit_point', '!=', 'FREE')
      .orderBy('video_point', 'desc')
      .executeTakeFirstOrThrow()
    await api.app.db
      .updateTable('users')
      .set({ membership_plan_id: gold.id })
      .where('id', '=', user.id)
      .execute()
    expect(await videoPointForUser(api.app.db, user.id)).toBe(gold.video_point)
  })
})
