import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { MINUTE, freshEmail, freshPhone } from './accounts-helpers.ts'

const LIMIT = 3

/** Each limited route with a body it answers without a 5xx. */
const ROUTES: [string, () => Record<string, unknown>][] = [
  ['/api/v1/user/login/', () => ({ email: freshEmail(), login_type: 'email', password: '1234' })],
  ['/api/v1/verify-otp/', () => ({ otp: '1234', email_id: freshEmail() })],
  ['/api/v1/verify-otp-after-signup/', () => ({ otp: '1234', request_id: 'unknown' })],
  ['/api/v1/forgot-password/', () => ({ email_id: freshEmail() })],
  ['/api/v1/send-signup-otp/', () => ({ email_id: freshEmail() })],
  [
    '/api/v1/user/registration/',
    () => ({
      first_name: 'Rate Test',
      phone_number: freshPhone(),
      email: freshEmail(),
      password: 'x',
    }),
  ],
]

describe.each(ENGINES)('per-IP rate limits on %s', (engine) => {
  const api = withApi(engine, { authRateLimit: { max: LIMIT, timeWindowMs: MINUTE } })

  it.each(ROUTES.map(([url, body], i) => [url, body, i] as const))(
    'answers 429 RATE_LIMITED on %s past the limit, per IP',
    async (url, body, i) => {
      const ip = `10.0.${i}.1`
      for (let n = 0; n < LIMIT; n += 1) {
        const res = await api.call('POST', url, { body: body(), ip })
        expect(res.status).not.toBe(429)
      }
      const limited = await api.call('POST', url, { body: body(), ip })
      expect(limited.status).toBe(429)
      expect(limited.body.code).toBe('RATE_LIMITED')
      expect(limited.body.retry_after_seconds).toBeGreaterThan(0)
      expect(limited.body.retry_after_seconds).toBeLessThanOrEqual(60)
      expect(limited.body.message).toMatch(
        /^Too many attempts\. Please try again in \d+ seconds\.$/,
      )

      // Another address is not affected.
      const other = await api.call('POST', url, { body: body(), ip: `10.1.${i}.1` })
      expect(other.status).not.toBe(429)
    },
  )

  it('keeps a separate count for each route', async () => {
    const ip = '10.9.9.9'
    for (let n = 0; n <= LIMIT; n += 1) {
      await api.call('POST', '/api/v1/forgot-password/', { body: { email_id: freshEmail() }, ip })
    }
    const login = await api.call('POST', '/api/v1/user/login/', {
      body: { email: freshEmail(), login_type: 'email', password: '1234' },
      ip,
    })
    expect(login.status).toBe(401)
  })
})
