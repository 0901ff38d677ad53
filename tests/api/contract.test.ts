// The contract holds: every route of contract/api is called for real on both engines, along a
// user's path (register, verify, earn, pay, withdraw, edit the profile), and each answer must
// validate against the response schema of its status. A route added to the contract without a call
// here fails the last test.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { Value } from 'typebox/value'
import type { TSchema } from 'typebox'
import { ENGINES } from '../helpers/databases.ts'
import { withApi, type ApiHandle } from '../helpers/api-app.ts'
import { createEligibleUser, createTestUser } from '../helpers/users.ts'
import { MINUTE, register, testClock } from './accounts-helpers.ts'
import { signCashfreeWebhook } from '../../server/routes/earning/webhook.ts'
import { CSRF_COOKIE } from '../../server/earning/card-payments.ts'
import { accountRoutes } from '../../contract/api/accounts.ts'
import { earningRoutes } from '../../contract/api/earning.ts'
import { profileRoutes } from '../../contract/api/profile.ts'
import { systemRoutes } from '../../contract/api/system.ts'

const ROUTES = { ...accountRoutes, ...earningRoutes, ...profileRoutes, ...systemRoutes }
type RouteName = keyof typeof ROUTES
const SECRET = 'contract-webhook-secret'

/** The schema of `status` in a route's response map: the exact status, else its 4xx/5xx class. */
function responseSchema(name: RouteName, status: number): TSchema | undefined {
  const response = ROUTES[name].response as Record<string, TSchema>
  return response[String(status)] ?? response[`${String(status)[0]}xx`]
}

describe.each(ENGINES)('every answer matches the contract on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    webhookSecret: SECRET,
    // A closed port: the IFSC look-up answers from the bank list bundled with `ifsc`.
    ifscApiUrl: 'http://127.0.0.1:9',
    authRateLimit: { max: 1000, timeWindowMs: MINUTE },
  })
  const checked = new Set<RouteName>()

  /** Calls the route and expects `status` with a body that validates against its schema. */
  async function expectAnswer(
    name: RouteName,
    status: number,
    call: Promise<{ status: number; body: unknown }> | ReturnType<ApiHandle['call']>,
  ) {
    const res = await call
    expect({ route: name, status: res.status, body: res.body }).toMatchObject({ status })
    const schema = responseSchema(name, res.status)
    expect(schema, `${name} declares no schema for ${res.status}`).toBeDefined()
    const errors = [...Value.Errors(schema!, res.body)].map((e) => `${e.instancePath} ${e.message}`)
    expect(errors, `${name} ${res.status}`).toEqual([])
    checked.add(name)
    return res.body as Record<string, unknown>
  }
  const post = (url: string, body: unknown, token?: string, headers?: Record<string, string>) =>
    api.call('POST', `/api/v1/${url}`, { body, token, headers })
  const get = (url: string, token?: string) => api.call('GET', `/api/v1/${url}`, { token })

  it('answers the system routes as declared', async () => {
    await expectAnswer('healthz', 200, get('healthz'))
    await expectAnswer('livez', 200, get('livez'))
    await expectAnswer('readyz', 200, get('readyz'))
    await expectAnswer('config', 200, get('config/'))
  })

  it('answers the account routes as declared, refusals included', async () => {
    const user = await register(api)
    await expectAnswer(
      'registration',
      409,
      post('user/registration/', {
        first_name: 'Asha Rao',
        phone_number: user.phone,
        email: user.email,
        password: '1234',
      }),
    )
    await expectAnswer('login', 417, post('user/login/', { email: user.email, password: user.pin }))
    clock.advance(2 * MINUTE)
    const resent = await expectAnswer(
      'sendSignupOtp',
      200,
      post('send-signup-otp/', { email_id: user.email }),
    )
    const requestId = (resent.otp_response as { requestId: string }).requestId
    const code = await api.smtp.waitForCode(user.email, { after: 1 })
    await expectAnswer(
      'verifySignupOtp',
      200,
      post('verify-otp-after-signup/', { otp: code, request_id: requestId }, user.token),
    )
    const login = await expectAnswer(
      'login',
      200,
      post('user/login/', { email: user.email, password: user.pin }),
    )
    const token = String(login.access_token)
    const details = await expectAnswer('getUser', 200, get('get-user/', token))
    expect(details.email_verified).toBe(true)
    const before = api.smtp.messages.length
    await expectAnswer('forgotPassword', 200, post('forgot-password/', { email_id: user.email }))
    const resetCode = await api.smtp.waitForCode(user.email, { after: before })
    await expectAnswer(
      'unlock',
      400,
      post('unlock/', { email_id: user.email, unlock_token: 'not-a-sent-token' }),
    )
    const verified = await expectAnswer(
      'verifyResetOtp',
      200,
      post('verify-otp/', { otp: resetCode, email_id: user.email }),
    )
    await expectAnswer(
      'newPassword',
      200,
      post('new-password/', {
        email_id: user.email,
        new_password: '5555',
        reset_token: verified.reset_token,
      }),
    )
    const again = await expectAnswer(
      'login',
      200,
      post('user/login/', { email: user.email, password: '5555' }),
    )
    await expectAnswer('logout', 200, post('logout/', undefined, String(again.access_token)))
    await expectAnswer('getUser', 401, get('get-user/', String(again.access_token)))
    await expectAnswer('login', 400, post('user/login/', { email: user.email }))
  })

  it('answers the earning routes as declared: videos, rewards, orders, UTR, webhook, wallet', async () => {
    const user = await createTestUser(api.app)
    await expectAnswer('getMembership', 200, get('get-membership/', user.token))
    const videos = (await expectAnswer(
      'dashboard',
      200,
      get('dashboard/', user.token),
    )) as unknown as {
      id: number
      timer: number
    }[]
    clock.advance((videos[0]!.timer + 1) * 1000)
    const claim = { dashboard_id: videos[0]!.id }
    const key = { 'idempotency-key': crypto.randomUUID() }
    await expectAnswer('addReward', 200, post('add-reward/', claim, user.token, key))
    await expectAnswer('addReward', 200, post('add-reward/', claim, user.token, key))
    await expectAnswer(
      'addReward',
      409,
      post('add-reward/', claim, user.token, { 'idempotency-key': 'k2' }),
    )
    await expectAnswer('getUpi', 200, get('get-upi/', user.token))
    const csrf = await expectAnswer('csrfToken', 200, get('csrf-token/'))
    const csrfToken = String(csrf.csrf_token)
    const created = await expectAnswer(
      'createOrder',
      200,
      post('create-order/', { amount: 99, membership_plan_id: null }, user.token, {
        'idempotency-key': crypto.randomUUID(),
      }),
    )
    const orderId = (created.data as { order_id: string }).order_id
    await expectAnswer('getOrder', 200, get(`orders/${orderId}`, user.token))
    await expectAnswer(
      'submitUtr',
      200,
      post(`orders/${orderId}/utr/`, { utr: '123456789012' }, user.token),
    )
    await expectAnswer('paymentResult', 200, get(`payment-result/?order_id=${orderId}`, user.token))
    await expectAnswer('paymentResult', 200, get('payment-result/?order_id=WE0000000000000000'))
    const raw = JSON.stringify({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      data: {
        order: { order_id: orderId, order_amount: 99 },
        payment: {
          cf_payment_id: 1,
          payment_status: 'SUCCESS',
          payment_amount: 99,
          bank_reference: '123456789012',
        },
      },
    })
    const timestamp = String(clock.now().getTime())
    const confirmed = await expectAnswer(
      'paymentWebhook',
      200,
      api.app
        .inject({
          method: 'POST',
          url: '/api/v1/payment-webhook/',
          headers: {
            'content-type': 'application/json',
            'x-webhook-timestamp': timestamp,
            'x-webhook-signature': signCashfreeWebhook(timestamp, raw, SECRET),
          },
          payload: raw,
        })
        .then((res) => ({ status: res.statusCode, body: res.json() })),
    )
    expect(confirmed.status).toBe('confirmed')
    await expectAnswer(
      'createOrder',
      501,
      api.app
        .inject({
          method: 'POST',
          url: '/api/v1/create-order/',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            cookie: `${CSRF_COOKIE}=${csrfToken}`,
            'x-csrf-token': csrfToken,
          },
          payload:
            'order_id=TEST-1&order_amount=10&customer_name=Asha&customer_email=a%40b.co&customer_phone=9876543210',
        })
        .then((res) => ({ status: res.statusCode, body: res.json() })),
    )
    const wallet = await expectAnswer('wallet', 200, get('wallet/', user.token))
    expect((wallet.data as { orders: unknown[] }).orders).toHaveLength(1)
  })

  it('answers the withdrawal routes as declared', async () => {
    const user = await createEligibleUser(api.app, { friendViews: 0 })
    const status = await expectAnswer(
      'withdrawalStatus',
      200,
      get('withdrawal-status/', user.token),
    )
    expect((status.data as { eligible: boolean }).eligible).toBe(true)
    await expectAnswer(
      'addWithdraw',
      200,
      post('add-withdraw/', { upi_id: 'asha@upi', amount: 1000, pin: user.pin }, user.token, {
        'idempotency-key': crypto.randomUUID(),
      }),
    )
    await expectAnswer(
      'addWithdraw',
      400,
      post('add-withdraw/', { upi_id: 'asha@upi', amount: 1000 }, user.token),
    )
    const wallet = await expectAnswer('wallet', 200, get('wallet/', user.token))
    expect((wallet.data as { withdrawals: unknown[] }).withdrawals).toHaveLength(1)
  })

  it('answers the profile routes as declared', async () => {
    const user = await createTestUser(api.app)
    await expectAnswer('ourPartners', 200, get('our-partners/'))
    await expectAnswer(
      'editProfile',
      200,
      api.call('PATCH', '/api/v1/edit-profile/', {
        token: user.token,
        body: { first_name: 'Asha Rao', phone_number: '9123456780' },
      }),
    )
    await expectAnswer('getBankDetails', 200, get('bank-details/', user.token))
    await expectAnswer('ifsc', 200, get('ifsc/SBIN0000001', user.token))
    await expectAnswer(
      'saveBankDetails',
      200,
      post(
        'bank-details/',
        {
          account_number: '1234567890',
          ifsc: 'SBIN0000001',
          account_holder: 'Asha Rao',
        },
        user.token,
      ),
    )
    await expectAnswer('getBankDetails', 200, get('bank-details/', user.token))
  })

  it('has called every route of the contract', () => {
    expect(Object.keys(ROUTES).filter((name) => !checked.has(name as RouteName))).toEqual([])
  })
})
