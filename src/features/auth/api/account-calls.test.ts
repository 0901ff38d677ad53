import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgotPassword } from './forgot-password'
import { login } from './login'
import { newPassword } from './new-password'
import { register } from './register'
import { sendSignupOtp } from './send-signup-otp'
import { verifyResetOtp } from './verify-reset-otp'
import { verifySignupOtp } from './verify-signup-otp'

/** Node's Request (used under jsdom) needs absolute URLs; a browser resolves ky's '/api/v1/…' against the page. */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init)
  }
}

interface SentRequest {
  path: string
  method: string
  body: unknown
  auth: string | null
  device: string | null
}

/** Stubs fetch with one JSON answer and records each request the calls made. */
function answer(status: number, body: unknown) {
  const seen: SentRequest[] = []
  vi.stubGlobal('Request', PageRequest)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      seen.push({
        path: new URL(input.url).pathname,
        method: input.method,
        body: JSON.parse(await input.text()),
        auth: input.headers.get('Authorization'),
        device: input.headers.get('X-Device-Token'),
      })
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      })
    }),
  )
  return seen
}

describe('account API calls', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('login posts the identifier in `email` with login_type email and reads the token', async () => {
    const seen = answer(200, { message: 'Login successful!', access_token: 'tok' })
    const result = await login({ identifier: '9876543210', pin: '1234' })
    expect(result).toEqual({
      ok: true,
      status: 200,
      data: { message: 'Login successful!', access_token: 'tok' },
    })
    expect(seen[0]).toMatchObject({
      path: '/api/v1/user/login/',
      method: 'POST',
      body: { email: '9876543210', login_type: 'email', password: '1234' },
    })
  })

  it('returns a refusal as a value with status, message, code and the other body fields', async () => {
    answer(417, {
      message: 'OTP Sent Successfully!',
      access_token: 'tok',
      otp_response: { requestId: 'r1' },
    })
    const result = await login({ identifier: 'a@b.co', pin: '1234' })
    expect(result).toEqual({
      ok: false,
      status: 417,
      message: 'OTP Sent Successfully!',
      code: '',
      body: { access_token: 'tok', otp_response: { requestId: 'r1' } },
    })
  })

  it('returns status null when there is no answer at all', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const result = await forgotPassword('a@b.co')
    expect(result).toMatchObject({ ok: false, status: null, code: 'NETWORK' })
  })

  it('register leaves out an empty referral code', async () => {
    const seen = answer(409, { message: 'exists', code: 'USER_EXISTS' })
    const result = await register({
      first_name: 'Asha',
      phone_number: '9876543210',
      email: 'a@b.co',
      password: '1234',
      referral_id: '',
    })
    expect(result).toMatchObject({ ok: false, status: 409, code: 'USER_EXISTS' })
    expect(seen[0]).toMatchObject({
      path: '/api/v1/user/registration/',
      body: { first_name: 'Asha', phone_number: '9876543210', email: 'a@b.co', password: '1234' },
    })
  })

  it("register on a day's signup limit returns the server's message to show (429 SIGNUP_LIMIT)", async () => {
    const message = 'This phone has already created 3 accounts today. Please try again tomorrow.'
    answer(429, { message, code: 'SIGNUP_LIMIT' })
    const result = await register({
      first_name: 'Asha',
      phone_number: '9876543210',
      email: 'a@b.co',
      password: '1234',
    })
    expect(result).toEqual({ ok: false, status: 429, message, code: 'SIGNUP_LIMIT', body: {} })
  })

  it('sends no device token before a login, and the one a login answered with on every later call', async () => {
    const deviceToken = 'eyJkIjoiYWJjIn0.bWFjLW9mLXRoZS1zZXJ2ZXI'
    const seen = answer(200, { message: 'ok', access_token: 'tok', device_token: deviceToken })
    await forgotPassword('a@b.co')
    await login({ identifier: 'a@b.co', pin: '1234' })
    await forgotPassword('a@b.co')
    expect(seen.map((s) => s.device)).toEqual([null, null, deviceToken])
  })

  it('the OTP and PIN calls post the contract payloads to their paths', async () => {
    localStorage.setItem('access_token', 'tok-s')
    const seen = answer(200, { message: 'ok' })
    await sendSignupOtp('a@b.co')
    await verifySignupOtp('1234', { requestId: 'req-1' })
    await verifySignupOtp('5678', { email: 'a@b.co' })
    await forgotPassword('a@b.co')
    await verifyResetOtp('4321', 'a@b.co')
    await newPassword({ email_id: 'a@b.co', new_password: '1111', reset_token: 'rt' })
    const calls = seen
    expect(calls.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/api/v1/send-signup-otp/', body: { email_id: 'a@b.co' } },
      { path: '/api/v1/verify-otp-after-signup/', body: { otp: '1234', request_id: 'req-1' } },
      { path: '/api/v1/verify-otp-after-signup/', body: { otp: '5678', email_id: 'a@b.co' } },
      { path: '/api/v1/forgot-password/', body: { email_id: 'a@b.co' } },
      { path: '/api/v1/verify-otp/', body: { otp: '4321', email_id: 'a@b.co' } },
      {
        path: '/api/v1/new-password/',
        body: { email_id: 'a@b.co', new_password: '1111', reset_token: 'rt' },
      },
    ])
    // The signup check carries the stored token (docs/product.md#api: Bearer).
    expect(calls[1]?.auth).toBe('Bearer tok-s')
  })
})
