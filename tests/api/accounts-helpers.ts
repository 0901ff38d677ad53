/**
 * Shared steps of the account API tests: a clock the tests move forward, fresh identities, and
 * registration through the real API with the code read from the real SMTP sink.
 */
import crypto from 'node:crypto'
import { expect } from 'vitest'
import type { ApiHandle } from '../helpers/api-app.ts'

/**
 * A clock for `AppConfig.clock` that starts at the wall clock and then stands still, moving only
 * when told: expiry and countdown checks stay exact however slow the machine is.
 */
export function testClock(): { now: () => Date; advance(ms: number): void } {
  let current = Date.now()
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms
    },
  }
}

export const MINUTE = 60_000

/** The middle value of `values` (the upper middle for an even count); for timing comparisons. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** A never-used email, mixed case on purpose (emails are case-insensitive). */
export function freshEmail(): string {
  return `Person.${crypto.randomBytes(5).toString('hex')}@Example.com`
}

/** A never-used valid Indian mobile number (10 digits, starting 6–9). */
export function freshPhone(): string {
  return `9${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`
}

export interface Registered {
  email: string
  phone: string
  pin: string
  token: string
  requestId: string
  /** The signup code read from the SMTP sink. */
  code: string
}

/** Registers through `POST /user/registration/` (expects 417) and reads the mailed code. */
export async function register(
  api: ApiHandle,
  fields: { first_name?: string; pin?: string; referral_id?: string; email?: string } = {},
): Promise<Registered> {
  const email = fields.email ?? freshEmail()
  const phone = freshPhone()
  const pin = fields.pin ?? '4821'
  const before = api.smtp.messages.length
  const res = await api.call('POST', '/api/v1/user/registration/', {
    body: {
      first_name: fields.first_name ?? 'Asha Rao',
      phone_number: phone,
      email,
      password: pin,
      ...(fields.referral_id === undefined ? {} : { referral_id: fields.referral_id }),
    },
  })
  expect(res.status).toBe(417)
  const otp = res.body.otp_response as { requestId: string }
  const code = await api.smtp.waitForCode(email, { after: before })
  return { email, phone, pin, token: String(res.body.access_token), requestId: otp.requestId, code }
}

/** Registers and verifies the signup code; returns the registration with a verified email. */
export async function registerVerified(
  api: ApiHandle,
  fields: Parameters<typeof register>[1] = {},
): Promise<Registered> {
  const user = await register(api, fields)
  const res = await api.call('POST', '/api/v1/verify-otp-after-signup/', {
    body: { otp: user.code, request_id: user.requestId },
    token: user.token,
  })
  expect(res.status).toBe(200)
  return user
}

/** A 4-digit code that differs from `code`: the `n`th after it (n from 0, below 9,999). */
export function wrongCode(code: string, n = 0): string {
  return String((Number(code) + 1 + n) % 10_000).padStart(4, '0')
}
