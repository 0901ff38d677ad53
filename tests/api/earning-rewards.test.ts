// Videos and rewards (docs/product.md#api): the timer, once per India day, Idempotency-Key semantics,
// concurrent and queued claims, on both engines; the ledger is checked after every test.
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { rewardCalls, type Video } from '../helpers/rewards.ts'
import { createTestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'

describe.each(ENGINES)('videos and rewards on %s', (engine) => {
  const clock = testClock()
  const overrides = { clock: clock.now }
  const api = withApi(engine, overrides)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  const { dashboard, claim, balance, rewardRows } = rewardCalls(api)

  it('hands out at least 12 seeded videos, local files first, timers 15–60 s', async () => {
    const user = await createTestUser(api.app)
    const videos = await dashboard(user)
    expect(videos.length).toBeGreaterThanOrEqual(12)
    expect(videos[0]?.link).toMatch(/^\/videos\/.+\.(mp4|webm)$/)
    expect(videos.some((v) => /youtube\.com\/watch\?v=/.test(v.link))).toBe(true)
    for (const v of videos) {
      expect(Object.keys(v).sort()).toEqual(['id', 'link', 'redirection_link', 'timer'])
      expect(v.timer).toBeGreaterThanOrEqual(15)
      expect(v.timer).toBeLessThanOrEqual(60)
      expect(v.redirection_link).toMatch(/^(https:\/\/|\/)/)
    }
    const handouts = await api.app.db
      .selectFrom('video_handouts')
      .select('video_id')
      .where('user_id', '=', user.id)
      .execute()
    expect(handouts).toHaveLength(videos.length)
  })

  it('puts the video named by ?link= first', async () => {
    const user = await createTestUser(api.app)
    const all = await dashboard(user)
    const third = all[2] as Video
    const list = await dashboard(user, third.link)
    expect(list[0]?.id).toBe(third.id)
    expect(list).toHaveLength(all.length)
  })

  it('lists the free plan and paid plans of at least two types', async () => {
    const user = await createTestUser(api.app)
    const res = await api.call('GET', '/api/v1/get-membership/', { token: user.token })
    expect(res.status).toBe(200)
    const plans = res.body as unknown as {
      membership_type: string
      deposit_point: string
      video_point: number
      withdrawl_days: number
    }[]
    expect(plans.find((p) => p.deposit_point === 'FREE')?.video_point).toBe(10)
    const paid = plans.filter((p) => p.deposit_point !== 'FREE')
    expect(new Set(paid.map((p) => p.membership_type)).size).toBeGreaterThanOrEqual(2)
    for (const p of paid) {
      expect(p.deposit_point).toMatch(/^\d+$/)
      expect(p.withdrawl_days).toBeGreaterThan(0)
    }
  })

  it('credits the free plan video_point once the timer has passed since the handout', async () => {
    const user = await createTestUser(api.app)
    const [video] = await dashboard(user)
    clock.advance(video!.timer)
    const res = await claim(user, { dashboard_id: video!.id })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ message: 'Reward credited.', coins: 10, points: 10, views: 1 })
    expect(await balance(user)).toEqual({ points: 10, views: 1 })
    const rows = await rewardRows(user)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      kind: 'video_reward',
      coins: 10,
      status: 'confirmed',
      video_id: video!.id,
    })
  })

  it('refuses a claim before the timer has passed and changes nothing', async () => {
    const user = await createTestUser(api.app)
    const [video] = await dashboard(user)
    clock.advance(video!.timer - 1)
    const res = await claim(user, { dashboard_id: video!.id })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('TIMER_NOT_PASSED')
    expect(await balance(user)).toEqual({ points: 0, views: 0 })
    expect(await rewardRows(user)).toHaveLength(0)
  })

  it('refuses a claim for a video the dashboard never handed out', async () => {
    const user = await createTestUser(api.app)
    const res = await claim(user, { dashboard_id: 1 })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('TIMER_NOT_PASSED')
  })

  it('refuses a watched_at in the future', async () => {
    const user = await createTestUser(api.app)
    const [video] = await dashboard(user)
    clock.advance(120)
    const res = await claim(user, { dashboard_id: video!.id, watched_at: clock.iso(60) })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('TIMER_NOT_PASSED')
  })

  it('answers 409 ALREADY_REWARDED for the same video again the same India day, and credits it the next day', async () => {
    const user = await createTestUser(api.app)
    const [video] = await dashboard(user)
    clock.advance(video!.timer)
    expect((await claim(user, { dashboard_id: video!.id })).status).toBe(200)
    clock.advance(video!.timer)
    const again = await claim(user, { dashboard_id: video!.id })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('ALREADY_REWARDED')
    expect((await dashboard(user)).some((v) => v.id === video!.id)).toBe(false)

    clock.advance(24 * 3600)
    const list = await dashboard(user)
    expect(list.some((v) => v.id === video!.id)).toBe(true)
    clock.advance(video!.timer)
    const nextDay = await claim(user, { dashboard_id: video!.id })
    expect(nextDay.status).toBe(200)
    expect(await balance(user)).toEqual({ points: 20, views: 2 })
  })

  it('honours watched_at of queued claims replayed together and refuses one faster than the timers', async () => {
    const user = await createTestUser(api.app)
    const [a, b, c] = await dashboard(user)
    const t0 = clock.now().getTime()
    const at = (s: number) => new Date(t0 + s * 1000).toISOString()
    clock.advance(600)
    // Replayed after reconnecting, out of order: b's moment first, then a's, then c too soon after b.
    const rb = await claim(user, { dashboard_id: b!.id, watched_at: at(a!.timer + b!.timer) })
    const ra = await claim(user, { dashboard_id: a!.id, watched_at: at(a!.timer) })
    const rc = await claim(user, {
      dashboard_id: c!.id,
      watched_at: at(a!.timer + b!.timer + c!.timer - 1),
    })
    expect(rb.status).toBe(200)
    expect(ra.status).toBe(200)
    expect(rc.status).toBe(422)
    expect(rc.body.code).toBe('TIMER_NOT_PASSED')
    const rewards = await api.app.db
      .selectFrom('video_rewards')
      .select(['video_id', 'watched_at'])
      .where('user_id', '=', user.id)
      .orderBy('watched_at')
      .execute()
    expect(rewards).toEqual([
      { video_id: a!.id, watched_at: at(a!.timer) },
      { video_id: b!.id, watched_at: at(a!.timer + b!.timer) },
    ])
    expect(await balance(user)).toEqual({ points: 20, views: 2 })
  })

  it('answers 404 VIDEO_NOT_FOUND for an unknown video', async () => {
    const user = await createTestUser(api.app)
    const res = await claim(user, { dashboard_id: 999_999 })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('VIDEO_NOT_FOUND')
  })

  it('refuses a user whose email is not verified with 403', async () => {
    const user = await createTestUser(api.app)
    await api.app.db
      .updateTable('users')
      .set({ email_verified: 0 })
      .where('id', '=', user.id)
      .execute()
    const [video] = await dashboard(user)
    clock.advance(video!.timer)
    const res = await claim(user, { dashboard_id: video!.id })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('EMAIL_NOT_VERIFIED')
    expect((await balance(user)).points).toBe(0)
  })

  it('refuses calls without a token', async () => {
    expect((await api.call('GET', '/api/v1/dashboard/')).status).toBe(401)
    expect((await api.call('GET', '/api/v1/wallet/')).status).toBe(401)
  })
})
