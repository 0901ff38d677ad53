// The card test page's form-encoded create-order: CSRF, no provider (501), cashfree (stand-in).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi, type ApiHandle } from '../helpers/api-app.ts'
import type { AppConfig } from '../../server/config.ts'
import { assertLedgerBalanced } from '../helpers/ledger.ts'

const FORM = new URLSearchParams({
  order_id: 'TEST123',
  order_amount: '99',
  customer_name: 'Asha',
  customer_email: 'asha@example.com',
  customer_phone: '9876543210',
}).toString()

/** Posts the test page's form with the given extra headers. */
const postForm = (api: ApiHandle, headers: Record<string, string>, payload = FORM) =>
  api.app.inject({
    method: 'POST',
    url: '/api/v1/create-order/',
    payload,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  })

/** A CSRF token and its cookie from `GET /csrf-token/`. */
async function csrf(api: ApiHandle): Promise<{ cookie: string; 'x-csrf-token': string }> {
  const res = await api.app.inject({ method: 'GET', url: '/api/v1/csrf-token/' })
  const token = res.json().csrf_token as string
  const cookie = String(res.headers['set-cookie']).split(';')[0] as string
  expect(cookie).toBe(`csrf_token=${token}`)
  return { cookie, 'x-csrf-token': token }
}

describe.each(ENGINES)('card payment test page on %s (manual UPI)', (engine) => {
  const api = withApi(engine)
  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  it('needs a CSRF header matching the cookie', async () => {
    const none = await postForm(api, {})
    expect(none.statusCode).toBe(403)
    expect(none.json().code).toBe('CSRF_INVALID')
    const { cookie, 'x-csrf-token': token } = await csrf(api)
    const mismatch = await postForm(api, { cookie, 'x-csrf-token': `${token.slice(0, -1)}x` })
    expect(mismatch.statusCode).toBe(403)
  })

  it('answers 501 CARD_PROVIDER_NOT_CONFIGURED without a card provider', async () => {
    const ok = await postForm(api, await csrf(api))
    expect(ok.statusCode).toBe(501)
    expect(ok.json()).toEqual({
      code: 'CARD_PROVIDER_NOT_CONFIGURED',
      message:
        'Card payments are not set up on this server. Pay by UPI from the Membership Plans page.',
    })
  })

  it('refuses a form with a bad field', async () => {
    const bad = FORM.replace('customer_phone=9876543210', 'customer_phone=12')
    const res = await postForm(api, await csrf(api), bad)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION')
  })
})

describe.each(ENGINES)('card payment test page on %s (cashfree)', (engine) => {
  const received: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = []
  // A stand-in for the provider's `POST /orders` on a local port (no internet at test time).
  const provider = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => (raw += c.toString()))
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ order_id: 'TEST123', payment_session_id: 'session_abc123' }))
    })
  })
  const overrides: Partial<AppConfig> = { paymentProvider: 'cashfree' }
  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    const { port } = provider.address() as AddressInfo
    overrides.cashfree = {
      appId: 'app-id',
      secretKey: 'secret',
      baseUrl: `http://127.0.0.1:${port}/pg`,
      webhookSecret: 'x',
    }
  })
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())))
  const api = withApi(engine, overrides)
  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  it('creates the order at the provider and answers its session token as cftoken', async () => {
    const res = await postForm(api, await csrf(api))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ cftoken: 'session_abc123', order_id: 'TEST123' })
    const sent = received.at(-1)
    expect(sent?.headers['x-client-id']).toBe('app-id')
    expect(sent?.body).toMatchObject({
      order_id: 'TEST123',
      order_amount: 99,
      order_currency: 'INR',
    })
  })
})

describe.each(ENGINES)('the card test page’s result from the provider on %s', (engine) => {
  const asked: { url: string; clientId: unknown }[] = []
  // A stand-in for the provider's `GET /orders/{id}` (Cashfree's order entity) on a local port.
  const provider = http.createServer((req, res) => {
    asked.push({ url: req.url ?? '', clientId: req.headers['x-client-id'] })
    const orders: Record<string, unknown> = {
      '/pg/orders/CF-PAID': { order_id: 'CF-PAID', order_amount: 250.0, order_status: 'PAID' },
      '/pg/orders/CF-OPEN': { order_id: 'CF-OPEN', order_amount: 99, order_status: 'ACTIVE' },
    }
    const order = orders[req.url ?? '']
    res.writeHead(order ? 200 : 404, { 'content-type': 'application/json' })
    res.end(JSON.stringify(order ?? { message: 'order not found', code: 'order_not_found' }))
  })
  const overrides: Partial<AppConfig> = { paymentProvider: 'cashfree' }
  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    const { port } = provider.address() as AddressInfo
    overrides.cashfree = {
      appId: 'app-id',
      secretKey: 'secret',
      baseUrl: `http://127.0.0.1:${port}/pg`,
      webhookSecret: 'x',
    }
  })
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())))
  const api = withApi(engine, overrides)

  const result = (id: string) => api.call('GET', `/api/v1/payment-result/?order_id=${id}`)

  it("answers a guest with the provider's record, never the address's amount", async () => {
    expect((await result('CF-PAID')).body).toEqual({
      data: {
        order_id: 'CF-PAID',
        amount: 250,
        status: 'confirmed',
        method: 'Card',
        upi_reference: null,
      },
    })
    expect((await result('CF-OPEN')).body.data).toMatchObject({ status: 'pending', amount: 99 })
    expect(await result('CF-NOBODY')).toEqual({ status: 200, body: { data: null } })
    expect(asked.at(-1)).toEqual({ url: '/pg/orders/CF-NOBODY', clientId: 'app-id' })
  })
})
