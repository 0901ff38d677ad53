// Cashfree's payment webhook (docs/product.md#operators), on both engines: the signature is checked exactly as
// Cashfree documents it (base64 HMAC-SHA256 of x-webhook-timestamp + raw body), with a vector
// computed independently here, stale (replayed) and tampered events refused, and Cashfree's real
// payload shape read. The ledger is checked after every test.
import crypto from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, testClock } from '../helpers/ledger.ts'
import { WEBHOOK_TOLERANCE_MS, signCashfreeWebhook } from '../../server/routes/earning/webhook.ts'
import { loadConfig } from '../../server/config.ts'

const SECRET = 'cf-test-secret-key'

describe('the Cashfree signature algorithm', () => {
  it('matches a vector computed by the documented steps (timestamp then raw body, HMAC-SHA256, base64)', () => {
    const timestamp = '1746427759733'
    const body =
      '{"data":{"order":{"order_id":"order_1","order_amount":170.00}},"type":"PAYMENT_SUCCESS_WEBHOOK"}'
    // Computed outside Node, by the documented steps:
    // printf '%s' "$timestamp$body" | openssl dgst -sha256 -hmac "$secret" -binary | base64
    const expected = '6vMwk/zDqi90QLciYjNR/jp5H43YEViuyTFZ/M2hfxM='
    expect(signCashfreeWebhook(timestamp, body, SECRET)).toBe(expected)
    expect(expected).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    // The raw text is signed, not a re-serialized object: 170.00 and 170 sign differently.
    expect(signCashfreeWebhook(timestamp, body.replace('170.00', '170'), SECRET)).not.toBe(expected)
  })
})

describe.each(ENGINES)('the payment webhook on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, { clock: clock.now, webhookSecret: SECRET })

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  const feeOrder = async (user: TestUser) => {
    const res = await api.call('POST', '/api/v1/create-order/', {
      token: user.token,
      body: { amount: 99, membership_plan_id: null },
    })
    return (res.body.data as { order_id: string }).order_id
  }
  /** Cashfree's PAYMENT_SUCCESS_WEBHOOK (API version 2023-08-01), amounts written as Cashfree writes them. */
  const successEvent = (orderId: string, amount: string, bankReference: string) =>
    `{"data":{"order":{"order_id":"${orderId}","order_amount":${amount},"order_currency":"INR","order_tags":null},` +
    `"payment":{"cf_payment_id":"1453002795","payment_status":"SUCCESS","payment_amount":${amount},` +
    `"payment_currency":"INR","payment_message":"00::Transaction success","payment_time":"2026-11-23T12:20:29+05:30",` +
    `"bank_reference":"${bankReference}","auth_id":null,"payment_method":{"upi":{"channel":"collect","upi_id":"asha@ybl"}},` +
    `"payment_group":"upi"},"customer_details":{"customer_name":null,"customer_id":"7112","customer_email":"a@example.com",` +
    `"customer_phone":"9908734801"}},"event_time":"2026-11-23T12:20:31+05:30","type":"PAYMENT_SUCCESS_WEBHOOK"}`
  const post = (raw: string, headers: Record<string, string>) =>
    api.app.inject({
      method: 'POST',
      url: '/api/v1/payment-webhook/',
      payload: raw,
      headers: { 'content-type': 'application/json', ...headers },
    })
  const signed = (raw: string, timestamp = String(clock.now().getTime()), secret = SECRET) => ({
    'x-webhook-timestamp': timestamp,
    'x-webhook-signature': signCashfreeWebhook(timestamp, raw, secret),
  })
  const feePaid = async (user: TestUser) =>
    (
      await api.app.db
        .selectFrom('users')
        .select('platform_fee_paid')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).platform_fee_paid
  const ledgerRows = async (user: TestUser) =>
    (
      await api.app.db
        .selectFrom('ledger_entries')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
    ).length

  it('a correctly signed success event confirms the order with the bank reference as its UTR', async () => {
    const user = await createTestUser(api.app)
    const orderId = await feeOrder(user)
    const raw = successEvent(orderId, '99.00', '234928698581')
    const res = await post(raw, signed(raw))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ order_id: orderId, status: 'confirmed' })
    expect(await feePaid(user)).toBe(1)
    const order = await api.call('GET', `/api/v1/orders/${orderId}`, { token: user.token })
    expect(order.body.data).toMatchObject({
      status: 'confirmed',
      upi_reference: '234928698581',
      utr: '234928698581',
    })
  })

  it('refuses a wrong secret, a missing header, a tampered body and a hex signature with 401, changing nothing', async () => {
    const user = await createTestUser(api.app)
    const orderId = await feeOrder(user)
    const raw = successEvent(orderId, '99.00', '234928698582')
    const ts = String(clock.now().getTime())
    const hex = crypto
      .createHmac('sha256', SECRET)
      .update(ts + raw)
      .digest('hex')
    const attempts: Record<string, string>[] = [
      signed(raw, ts, 'wrong-secret'),
      { 'x-webhook-signature': signCashfreeWebhook(ts, raw, SECRET) },
      { 'x-webhook-timestamp': ts },
      { 'x-webhook-timestamp': ts, 'x-webhook-signature': hex },
      // Signed over the body alone, without the timestamp.
      {
        'x-webhook-timestamp': ts,
        'x-webhook-signature': crypto.createHmac('sha256', SECRET).update(raw).digest('base64'),
      },
    ]
    for (const headers of attempts) expect((await post(raw, headers)).statusCode).toBe(401)
    // Tampered: a valid signature of one body sent with another.
    const cheaper = successEvent(orderId, '1.00', '234928698582')
    expect((await post(cheaper, signed(raw, ts))).statusCode).toBe(401)
    expect(await feePaid(user)).toBe(0)
    expect(await ledgerRows(user)).toBe(0)
  })

  it('refuses a replayed event once its timestamp is stale, and a replay inside the window credits nothing twice', async () => {
    const user = await createTestUser(api.app)
    const orderId = await feeOrder(user)
    const raw = successEvent(orderId, '99.00', '234928698583')
    const headers = signed(raw)
    expect((await post(raw, headers)).statusCode).toBe(200)
    expect((await post(raw, headers)).statusCode).toBe(200)
    expect(await ledgerRows(user)).toBe(1)
    clock.advance(WEBHOOK_TOLERANCE_MS / 1000 + 1)
    expect((await post(raw, headers)).statusCode).toBe(401)
    // A timestamp from the future is refused alike.
    const future = String(clock.now().getTime() + WEBHOOK_TOLERANCE_MS + 1000)
    expect((await post(raw, signed(raw, future))).statusCode).toBe(401)
    expect(await ledgerRows(user)).toBe(1)
  })

  it('does not confirm a payment whose amount differs from the order', async () => {
    const user = await createTestUser(api.app)
    const orderId = await feeOrder(user)
    const raw = successEvent(orderId, '1.00', '234928698584')
    const res = await post(raw, signed(raw))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'AMOUNT_MISMATCH' })
    expect(await feePaid(user)).toBe(0)
  })

  it('a failed or dropped attempt leaves the order open; an unknown order is acknowledged and ignored', async () => {
    const user = await createTestUser(api.app)
    const orderId = await feeOrder(user)
    for (const [type, status] of [
      ['PAYMENT_FAILED_WEBHOOK', 'FAILED'],
      ['PAYMENT_USER_DROPPED_WEBHOOK', 'USER_DROPPED'],
    ]) {
      const raw = successEvent(orderId, '99.00', '')
        .replace('"PAYMENT_SUCCESS_WEBHOOK"', `"${type}"`)
        .replace('"payment_status":"SUCCESS"', `"payment_status":"${status}"`)
      expect((await post(raw, signed(raw))).statusCode).toBe(200)
    }
    const order = await api.call('GET', `/api/v1/orders/${orderId}`, { token: user.token })
    expect(order.body.data).toMatchObject({ status: 'pending' })
    const stranger = successEvent('order_from_card_page', '10.00', '234928698585')
    const res = await post(stranger, signed(stranger))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ order_id: 'order_from_card_page' })
  })

  it('the provider’s bank reference wins over a UTR the user mistyped', async () => {
    const user = await createTestUser(api.app)
    const orderId = await feeOrder(user)
    await api.call('POST', `/api/v1/orders/${orderId}/utr/`, {
      token: user.token,
      body: { utr: '111111111111' },
    })
    const raw = successEvent(orderId, '99.00', '234928698586')
    expect((await post(raw, signed(raw))).statusCode).toBe(200)
    const order = await api.call('GET', `/api/v1/orders/${orderId}`, { token: user.token })
    expect(order.body.data).toMatchObject({ status: 'confirmed', utr: '234928698586' })
  })
})

describe.each(ENGINES)('the webhook secret from the Cashfree settings on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    webhookSecret: undefined,
    paymentProvider: 'cashfree',
    cashfree: {
      appId: 'app',
      secretKey: 'cf-client-secret',
      baseUrl: 'http://127.0.0.1:9/pg',
      webhookSecret: 'cf-client-secret',
    },
  })

  it('reads CASHFREE_WEBHOOK_SECRET, else CASHFREE_SECRET_KEY, from the environment', () => {
    const env = { PAYMENT_PROVIDER: 'cashfree', CASHFREE_SECRET_KEY: 'client-secret' }
    expect(loadConfig(env).cashfree?.webhookSecret).toBe('client-secret')
    expect(
      loadConfig({ ...env, CASHFREE_WEBHOOK_SECRET: 'hook-secret' }).cashfree?.webhookSecret,
    ).toBe('hook-secret')
  })

  it('verifies with CASHFREE_WEBHOOK_SECRET (else the client secret) when PAYMENT_WEBHOOK_SECRET is unset', async () => {
    const raw =
      '{"data":{"order":{"order_id":"nobody"},"payment":{"payment_status":"SUCCESS"}},"type":"PAYMENT_SUCCESS_WEBHOOK"}'
    const ts = String(clock.now().getTime())
    const post = (secret: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/v1/payment-webhook/',
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': ts,
          'x-webhook-signature': signCashfreeWebhook(ts, raw, secret),
        },
      })
    expect((await post('cf-client-secret')).statusCode).toBe(200)
    expect((await post(SECRET)).statusCode).toBe(401)
  })
})
