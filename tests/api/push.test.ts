// Web Push when money moves, on both engines: subscribing and unsubscribing with validation; a
// notification on each of order confirmed (the payment webhook), order rejected, withdrawal paid
// and withdrawal failed (the operators' console), sent to a real local HTTPS push service whose
// payload decrypts with the device's own keys; 404/410 delete the subscription; a failing push
// service never fails the money action; logout removes the device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import type { AppConfig } from '../../server/config.ts'
import { signCashfreeWebhook } from '../../server/routes/earning/webhook.ts'
import { withApi } from '../helpers/api-app.ts'
import { ENGINES } from '../helpers/databases.ts'
import { assertLedgerBalanced, grantCoins, testClock } from '../helpers/ledger.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import {
  decryptPush,
  newDevice,
  startPushService,
  verifyVapid,
  type PushServiceStandIn,
  type TestDevice,
} from '../helpers/push-service.ts'

const SECRET = 'cf-push-test-secret'

describe.each(ENGINES)('push notifications on %s', (engine) => {
  const clock = testClock()
  let service: PushServiceStandIn
  const overrides: Partial<AppConfig> = {
    clock: clock.now,
    webhookSecret: SECRET,
    rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0, withdrawMinVideos: 0 },
    pushServiceHosts: ['127.0.0.1'],
  }
  // Before withApi's own beforeAll: the app is built with the stand-in's agent.
  beforeAll(async () => {
    service = await startPushService()
    overrides.pushAgent = service.agent
  })
  const api = withApi(engine, overrides)
  afterAll(async () => service?.close())

  let opsToken: string
  beforeAll(async () => {
    const op = await createTestOperator(
      api.app.db,
      `push-op-${engine}@example.com`,
      'operator',
      clock.now(),
    )
    clock.advance(30)
    const totp = await generate({
      secret: op.totpSecret,
      epoch: Math.floor(clock.now().getTime() / 1000),
    })
    const login = await api.call('POST', '/api/v1/ops/login', {
      body: { email: op.operator.email, password: op.password, totp },
    })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    opsToken = login.body.token as string
  })

  const subscribe = (user: TestUser, device: TestDevice, lang?: string) =>
    api.call('POST', '/api/v1/push/subscriptions', {
      token: user.token,
      body: { ...device.subscription, lang },
    })
  const subscriptionCount = async (userId: number) =>
    (
      await api.app.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', userId)
        .execute()
    ).length
  const pathOf = (device: TestDevice) => new URL(device.endpoint).pathname
  /** The notification `device` receives after request number `since`, decrypted with its keys. */
  async function received(device: TestDevice, since: number) {
    const request = await service.waitFor(pathOf(device), since)
    expect(request.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(request.headers.ttl)).toBeGreaterThan(0)
    verifyVapid(request, await publicKey(), service.origin)
    return JSON.parse(decryptPush(device, request.body)) as Record<string, unknown>
  }
  async function publicKey(): Promise<string> {
    const user = await createTestUser(api.app)
    return (await api.call('GET', '/api/v1/push/vapid-public-key', { token: user.token })).body
      .public_key as string
  }

  it('serves its VAPID public key (a P-256 point, base64url) to logged-in users only', async () => {
    expect((await api.call('GET', '/api/v1/push/vapid-public-key')).status).toBe(401)
    const key = Buffer.from(await publicKey(), 'base64url')
    expect(key.length).toBe(65)
    expect(key[0]).toBe(4)
  })

  it('refuses a subscription without a token or with a bad endpoint or keys, and saves nothing', async () => {
    const user = await createTestUser(api.app)
    const good = newDevice(service).subscription
    const noToken = await api.call('POST', '/api/v1/push/subscriptions', { body: good })
    expect(noToken.status).toBe(401)
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 'endpoint'],
      [{ ...good, endpoint: 'https://attacker.example/push/1' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [
        { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
        'keys.p256dh',
      ],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh'],
      [
        { ...good, keys: { ...good.keys, auth: Buffer.alloc(8).toString('base64url') } },
        'keys.auth',
      ],
      [{ endpoint: good.endpoint }, 'keys'],
    ]
    for (const [body, field] of cases) {
      const res = await api.call('POST', '/api/v1/push/subscriptions', { token: user.token, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body).toMatchObject({ code: 'VALIDATION', field })
      expect(typeof res.body.message).toBe('string')
    }
    expect(await subscriptionCount(user.id)).toBe(0)
  })

  it('keeps one subscription per device, moves it to whoever subscribes it last with its keys, and deletes it for its owner only', async () => {
    const asha = await createTestUser(api.app)
    const ravi = await createTestUser(api.app)
    const device = newDevice(service)
    expect((await subscribe(asha, device)).status).toBe(200)
    expect((await subscribe(asha, device, 'hi-IN')).status).toBe(200)
    expect(await subscriptionCount(asha.id)).toBe(1)
    const row = await api.app.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', device.endpoint)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      user_id: asha.id,
      lang: 'hi',
      p256dh: device.subscription.keys.p256dh,
    })

    const notOwner = await api.call('DELETE', '/api/v1/push/subscriptions', {
      token: ravi.token,
      body: { endpoint: device.endpoint },
    })
    expect(notOwner.body.deleted).toBe(0)
    expect(await subscriptionCount(asha.id)).toBe(1)

    expect((await subscribe(ravi, device)).status).toBe(200)
    expect(await subscriptionCount(asha.id)).toBe(0)
    expect(await subscriptionCount(ravi.id)).toBe(1)
    const removed = await api.call('DELETE', '/api/v1/push/subscriptions', {
      token: ravi.token,
      body: { endpoint: device.endpoint },
    })
    expect(removed).toMatchObject({ status: 200, body: { deleted: 1 } })
    expect(await subscriptionCount(ravi.id)).toBe(0)
    const bad = await api.call('DELETE', '/api/v1/push/subscriptions', {
      token: ravi.token,
      body: {},
    })
    expect(bad.status).toBe(400)
  })

  it("moves no one's subscription to a user who knows only its endpoint URL: its own keys are needed", async () => {
    const asha = await createTestUser(api.app)
    const mallory = await createTestUser(api.app)
    const device = newDevice(service)
    expect((await subscribe(asha, device, 'hi-IN')).status).toBe(200)
    const before = await api.app.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', device.endpoint)
      .executeTakeFirstOrThrow()
    // Mallory posts Asha's endpoint with keys of her own (valid keys, not the subscription's).
    const own = newDevice(service).subscription.keys
    for (const keys of [own, { ...own, auth: device.subscription.keys.auth }]) {
      const res = await api.call('POST', '/api/v1/push/subscriptions', {
        token: mallory.token,
        body: { endpoint: device.endpoint, keys },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(409)
      expect(res.body).toEqual({
        message: 'Could not turn on notifications. Please try again.',
        code: 'PUSH_SUBSCRIPTION_TAKEN',
      })
    }
    expect(
      await api.app.db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('endpoint', '=', device.endpoint)
        .executeTakeFirstOrThrow(),
    ).toEqual(before)
    expect(await subscriptionCount(mallory.id)).toBe(0)
    // Its owner may save new keys for it; the phone that holds it moves it with its keys.
    const rotated = newDevice(service).subscription.keys
    const again = await api.call('POST', '/api/v1/push/subscriptions', {
      token: asha.token,
      body: { endpoint: device.endpoint, keys: rotated },
    })
    expect(again.status).toBe(200)
    const moved = await api.call('POST', '/api/v1/push/subscriptions', {
      token: mallory.token,
      body: { endpoint: device.endpoint, keys: rotated },
    })
    expect(moved.status).toBe(200)
    expect(await subscriptionCount(mallory.id)).toBe(1)
    expect(await subscriptionCount(asha.id)).toBe(0)
  })

  async function feeOrder(user: TestUser): Promise<string> {
    const res = await api.call('POST', '/api/v1/create-order/', {
      token: user.token,
      body: { amount: 99, membership_plan_id: null },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return (res.body.data as { order_id: string }).order_id
  }
  /** Withdraws `amount` rupees to `upiId` (each user its own: a shared one is held for review). */
  async function withdraw(user: TestUser, amount: number, upiId = 'asha@okaxis'): Promise<number> {
    const res = await api.call('POST', '/api/v1/add-withdraw/', {
      token: user.token,
      body: { upi_id: upiId, amount, pin: user.pin },
      headers: { 'idempotency-key': `w-${user.id}-${amount}` },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return (res.body.data as { withdrawal_id: number }).withdrawal_id
  }

  it('notifies each device of a confirmed, a rejected order, a paid and a failed withdrawal, encrypted for its keys', async () => {
    // The fee this user pays below (the webhook) opens withdrawals.
    const user = await createTestUser(api.app)
    await grantCoins(api.app, user.id, 300_000)
    const phone = newDevice(service)
    const tablet = newDevice(service)
    expect((await subscribe(user, phone)).status).toBe(200)
    expect((await subscribe(user, tablet, 'hi')).status).toBe(200)

    // Order confirmed by the payment provider's signed webhook.
    const confirmedId = await feeOrder(user)
    let since = service.requests.length
    const raw = JSON.stringify({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      data: {
        order: { order_id: confirmedId, order_amount: 99 },
        payment: {
          payment_status: 'SUCCESS',
          payment_amount: 99,
          bank_reference: '512345670001',
          cf_payment_id: 1,
        },
      },
    })
    const timestamp = String(clock.now().getTime())
    const hook = await api.app.inject({
      method: 'POST',
      url: '/api/v1/payment-webhook/',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signCashfreeWebhook(timestamp, raw, SECRET),
      },
    })
    expect(hook.statusCode, hook.body).toBe(200)
    expect(await received(phone, since)).toEqual({
      title: 'Payment confirmed',
      body: 'Your platform fee of ₹99 is confirmed.',
      url: '/wallet',
      tag: `order-${confirmedId}`,
    })
    expect(await received(tablet, since)).toMatchObject({
      title: 'भुगतान की पुष्टि हो गई',
      url: '/wallet',
    })

    // Order rejected by an operator.
    const other = await createTestUser(api.app)
    const rejectedId = await feeOrder(other)
    const otherDevice = newDevice(service)
    await subscribe(other, otherDevice)
    since = service.requests.length
    const rejected = await api.call('POST', `/api/v1/ops/orders/${rejectedId}/reject`, {
      token: opsToken,
      body: { reason: 'no such payment in the statement' },
    })
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
    expect(await received(otherDevice, since)).toEqual({
      title: 'Payment not confirmed',
      body: `We could not confirm your ₹99 payment (order ${rejectedId}): no such payment in the statement.`,
      url: '/wallet',
      tag: `order-${rejectedId}`,
    })

    // Withdrawal paid, then another failed (its coins return).
    const paidId = await withdraw(user, 1000)
    since = service.requests.length
    const paid = await api.call('POST', `/api/v1/ops/withdrawals/${paidId}/pay`, {
      token: opsToken,
      body: { upi_reference: '512345678901' },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(await received(phone, since)).toEqual({
      title: 'Withdrawal paid',
      body: '₹1,000 was sent to asha@okaxis (UPI reference 512345678901).',
      url: '/wallet',
      tag: `withdrawal-${paidId}`,
    })
    expect((await received(tablet, since)).body).toBe(
      '₹1,000 asha@okaxis पर भेज दिए गए हैं (UPI संदर्भ 512345678901)।',
    )

    const failedId = await withdraw(user, 500)
    since = service.requests.length
    const failed = await api.call('POST', `/api/v1/ops/withdrawals/${failedId}/fail`, {
      token: opsToken,
      body: { reason: 'UPI ID closed' },
    })
    expect(failed.status, JSON.stringify(failed.body)).toBe(200)
    expect(await received(phone, since)).toEqual({
      title: 'Withdrawal failed',
      body: '₹500 could not be sent to asha@okaxis (UPI ID closed). 50,100 coins are back in your balance.',
      url: '/wallet',
      tag: `withdrawal-${failedId}`,
    })
    await assertLedgerBalanced(api.app)
  })

  it('deletes a subscription the push service answers 410 or 404 for, and keeps one it answers 500 for', async () => {
    const user = await createTestUser(api.app, { platformFeePaid: true })
    await grantCoins(api.app, user.id, 300_000)
    const gone = newDevice(service)
    const missing = newDevice(service)
    const broken = newDevice(service)
    for (const device of [gone, missing, broken])
      expect((await subscribe(user, device)).status).toBe(200)
    service.answer(pathOf(gone), 410)
    service.answer(pathOf(missing), 404)
    service.answer(pathOf(broken), 500)
    const id = await withdraw(user, 700, 'meera@okaxis')
    const since = service.requests.length
    const paid = await api.call('POST', `/api/v1/ops/withdrawals/${id}/pay`, {
      token: opsToken,
      body: { upi_reference: '512345678902' },
    })
    // The money action does not wait for, nor fail with, the push service.
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    for (const device of [gone, missing, broken]) await service.waitFor(pathOf(device), since)
    await api.app.push.idle()
    const left = await api.app.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', user.id)
      .execute()
    expect(left.map((r) => r.endpoint)).toEqual([broken.endpoint])
    const withdrawal = await api.app.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(withdrawal.status).toBe('paid')
  })

  it('removes the subscriptions saved with a token when that token logs out, and no other', async () => {
    const user = await createTestUser(api.app)
    const here = newDevice(service)
    expect((await subscribe(user, here)).status).toBe(200)
    // The same user on a second device, logged in with another token.
    const login = await api.call('POST', '/api/v1/user/login/', {
      body: { email: user.email, password: user.pin },
    })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    const secondToken = login.body.access_token as string
    const there = newDevice(service)
    const saved = await api.call('POST', '/api/v1/push/subscriptions', {
      token: secondToken,
      body: there.subscription,
    })
    expect(saved.status).toBe(200)
    expect((await api.call('POST', '/api/v1/logout/', { token: user.token })).status).toBe(200)
    const left = await api.app.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', user.id)
      .execute()
    expect(left.map((r) => r.endpoint)).toEqual([there.endpoint])
  })
})
