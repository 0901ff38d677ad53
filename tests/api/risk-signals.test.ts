// The signals abuse review reads (server/risk/signals.ts) on both engines: signup, login,
// withdrawal and (once a day per device) claim record the device id of the signed device token
// (`X-Device-Token`), the address and the user agent; a token the server never signed counts as a
// new device; the day's signups per device and per address are limited (429 SIGNUP_LIMIT, nothing
// created), the limits live rules; the rows go after 180 days.
import crypto from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { rewardCalls } from '../helpers/rewards.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { enforceRetention } from '../../server/db/retention.ts'
import { freshEmail, freshPhone } from './accounts-helpers.ts'
import { readDeviceToken, signDeviceToken } from '../../server/accounts/device-tokens.ts'
import { deviceHeader, freshAddress, freshDeviceId, freshUpiId, riskCalls } from './risk-helpers.ts'

const REGISTER = '/api/v1/user/registration/'
const AGENT = 'Mozilla/5.0 (Linux; Android 14) risk-signals'
const DAY_MS = 86_400_000

describe.each(ENGINES)('abuse signals and signup limits on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 1000, timeWindowMs: 60_000 },
    rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0, withdrawMinVideos: 0 },
  })
  const { payoutReadyUser, withdraw, operatorSession } = riskCalls(api)
  const { dashboard } = rewardCalls(api)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  /** Registers a new account through the API from `device` (none: no header) and `address`. */
  const register = async (device: string | null, address: string = freshAddress()) => {
    const email = freshEmail()
    const res = await api.call('POST', REGISTER, {
      body: { first_name: 'Asha Rao', phone_number: freshPhone(), email, password: '4821' },
      headers: { 'user-agent': AGENT, ...(device ? deviceHeader(api, device) : {}) },
      ip: address,
    })
    return { res, email: email.toLowerCase() }
  }
  const userIdOf = async (email: string) =>
    (
      await api.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst()
    )?.id
  const eventsOf = (userId: number) =>
    api.app.db
      .selectFrom('account_events')
      .select(['event', 'device_id', 'address', 'user_agent'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  const eventCount = async () =>
    (await api.app.db.selectFrom('account_events').select('id').execute()).length

  it('records a signup with its device id, address and user agent', async () => {
    const device = freshDeviceId()
    const address = freshAddress()
    const { res, email } = await register(device, address)
    expect(res.status).toBe(417)
    const id = await userIdOf(email)
    expect(await eventsOf(id!)).toEqual([
      { event: 'signup', device_id: device, address, user_agent: AGENT },
    ])
  })

  it('counts a device header the server never signed as a new device, named by the token it answers', async () => {
    const key = api.app.deviceTokenKey
    const forged = signDeviceToken(
      crypto.randomBytes(32),
      { deviceId: 'forged-device', userIds: [] },
      new Date(),
    )
    const headers: Record<string, string>[] = [
      { 'x-device-id': 'device-0123456789abcdef' },
      { 'x-device-token': 'device-0123456789abcdef' },
      { 'x-device-token': forged },
      { 'x-device-token': `${forged.split('.')[0]}.` },
    ]
    const seenIds: string[] = []
    for (const header of headers) {
      const email = freshEmail()
      const res = await api.call('POST', REGISTER, {
        body: { first_name: 'Asha Rao', phone_number: freshPhone(), email, password: '4821' },
        headers: header,
        ip: freshAddress(),
      })
      expect(res.status).toBe(417)
      const userId = (await userIdOf(email.toLowerCase()))!
      const recorded = (await eventsOf(userId))[0]!.device_id!
      expect(recorded).not.toMatch(/device-0123456789abcdef|forged-device/)
      expect(readDeviceToken(key, res.body.device_token, new Date())).toEqual({
        deviceId: recorded,
        userIds: [userId],
      })
      seenIds.push(recorded)
    }
    expect(new Set(seenIds).size).toBe(headers.length)
  })

  it('keeps one device across accounts when the device sends back the token it was given', async () => {
    const first = await register(null)
    const second = await api.call('POST', REGISTER, {
      body: {
        first_name: 'Asha Rao',
        phone_number: freshPhone(),
        email: freshEmail(),
        password: '4821',
      },
      headers: { 'x-device-token': String(first.res.body.device_token) },
      ip: freshAddress(),
    })
    expect(second.status).toBe(417)
    const one = readDeviceToken(api.app.deviceTokenKey, first.res.body.device_token, new Date())!
    const two = readDeviceToken(api.app.deviceTokenKey, second.body.device_token, new Date())!
    expect(two.deviceId).toBe(one.deviceId)
    expect(two.userIds).toEqual([expect.any(Number), one.userIds[0]])
  })

  it('records a login with its signal, and nothing for a wrong PIN', async () => {
    const user = await payoutReadyUser()
    const device = freshDeviceId()
    const address = freshAddress()
    const login = (password: string) =>
      api.call('POST', '/api/v1/user/login/', {
        body: { email: user.email, password },
        headers: { ...deviceHeader(api, device), 'user-agent': AGENT },
        ip: address,
      })
    expect((await login('9999')).status).toBe(401)
    expect(await eventsOf(user.id)).toEqual([])
    expect((await login(user.pin)).status).toBe(200)
    expect(await eventsOf(user.id)).toEqual([
      { event: 'login', device_id: device, address, user_agent: AGENT },
    ])
  })

  it('records a withdrawal request with its signal', async () => {
    const user = await payoutReadyUser()
    const device = freshDeviceId()
    const res = await withdraw(user, freshUpiId(), 100, {
      ...deviceHeader(api, device),
      'user-agent': AGENT,
    })
    expect(res.status).toBe(200)
    expect(await eventsOf(user.id)).toEqual([
      { event: 'withdrawal', device_id: device, address: '127.0.0.1', user_agent: AGENT },
    ])
  })

  it('records credited claims once per user, device and day', async () => {
    const user = await payoutReadyUser()
    const [one, two] = [freshDeviceId(), freshDeviceId()]
    const videos = await dashboard(user)
    const claimFrom = async (index: number, device: string) => {
      const video = videos[index]!
      clock.advance(video.timer)
      const res = await api.call('POST', '/api/v1/add-reward/', {
        token: user.token,
        body: { dashboard_id: video.id },
        headers: { 'idempotency-key': crypto.randomUUID(), ...deviceHeader(api, device) },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    const claimDevices = async () =>
      (await eventsOf(user.id)).filter((e) => e.event === 'claim').map((e) => e.device_id)
    await claimFrom(0, one)
    await vi.waitFor(async () => expect(await claimDevices()).toEqual([one]))
    await claimFrom(1, one)
    await claimFrom(2, two)
    await vi.waitFor(async () => expect((await claimDevices()).length).toBeGreaterThan(1))
    expect(await claimDevices()).toEqual([one, two])
  })

  it('refuses the 4th signup of the day from one device with 429 SIGNUP_LIMIT and creates nothing', async () => {
    const device = freshDeviceId()
    for (let i = 0; i < 3; i++) expect((await register(device)).res.status).toBe(417)
    const users = await api.app.db.selectFrom('users').select('id').execute()
    const events = await eventCount()
    const fourth = await register(device)
    expect(fourth.res.status).toBe(429)
    expect(fourth.res.body).toEqual({
      code: 'SIGNUP_LIMIT',
      message: 'This phone has already created 3 accounts today. Please try again tomorrow.',
    })
    expect(await userIdOf(fourth.email)).toBeUndefined()
    expect(await api.app.db.selectFrom('users').select('id').execute()).toHaveLength(users.length)
    expect(await eventCount()).toBe(events)
    expect(api.smtp.messages.some((m) => m.to.includes(fourth.email))).toBe(false)
    // Another phone on the same network signs up; this one again after 24 hours.
    expect((await register(freshDeviceId())).res.status).toBe(417)
    clock.advance(DAY_MS / 1000 + 1)
    expect((await register(device)).res.status).toBe(417)
  })

  it('limits the signups of one address per day (a live rule), with or without a device id', async () => {
    const token = await operatorSession()
    const setLimit = async (signupsPerAddressPerDay: number) => {
      const res = await api.call('PUT', '/api/v1/ops/rules', {
        token,
        body: { rules: { signupsPerAddressPerDay }, reason: 'A smaller limit for a test' },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    const address = freshAddress()
    await setLimit(2)
    try {
      expect((await register(freshDeviceId(), address)).res.status).toBe(417)
      expect((await register(null, address)).res.status).toBe(417)
      const events = await eventCount()
      for (const device of [freshDeviceId(), null]) {
        const third = await register(device, address)
        expect(third.res.status).toBe(429)
        expect(third.res.body).toEqual({
          code: 'SIGNUP_LIMIT',
          message:
            'Too many accounts were created from this network today. Please try again tomorrow.',
        })
        expect(await userIdOf(third.email)).toBeUndefined()
      }
      expect(await eventCount()).toBe(events)
      expect((await register(freshDeviceId(), freshAddress())).res.status).toBe(417)
      // Switched off (0), the address signs up again.
      await setLimit(0)
      expect((await register(freshDeviceId(), address)).res.status).toBe(417)
    } finally {
      await setLimit(DEFAULT_RULES.signupsPerAddressPerDay)
    }
  })

  it('deletes signals older than 180 days and keeps newer ones', async () => {
    const user = await payoutReadyUser()
    const { seen } = riskCalls(api)
    const now = clock.now()
    const old = freshDeviceId()
    const recent = freshDeviceId()
    await seen(user, old, { at: new Date(now.getTime() - 181 * DAY_MS) })
    await seen(user, recent, { at: new Date(now.getTime() - 179 * DAY_MS) })
    const report = await enforceRetention(api.app.db, now)
    expect(report.account_events).toBeGreaterThanOrEqual(1)
    expect((await eventsOf(user.id)).map((e) => e.device_id)).toEqual([recent])
  })
})
