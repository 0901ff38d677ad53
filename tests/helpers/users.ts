/**
 * Test users written straight into the database (a verified email, a PIN, an access token), for
 * tests whose subject is not the signup flow itself.
 */
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { hashSecret, randomToken, sha256 } from '../../server/lib/crypto.ts'

export interface TestUser {
  id: number
  email: string
  phone: string
  pin: string
  token: string
  referralId: string
}

let counter = 0

/** Inserts a verified user with PIN `1234` (or `pin`) and returns it with a fresh access token. */
export async function createTestUser(
  app: FastifyInstance,
  fields: {
    pin?: string
    points?: number
    views?: number
    platformFeePaid?: boolean
    firstName?: string
  } = {},
): Promise<TestUser> {
  counter += 1
  const suffix = `${process.pid}${counter}${crypto.randomInt(1000, 9999)}`
  const email = `user${suffix}@example.com`
  const phone = `9${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`
  const pin = fields.pin ?? '1234'
  const referralId = `R${suffix}`.slice(0, 12).toUpperCase()
  const now = new Date().toISOString()
  const user = await app.db
    .insertInto('users')
    .values({
      first_name: fields.firstName ?? 'Test User',
      email,
      phone_number: phone,
      pin_hash: await hashSecret(pin),
      email_verified: 1,
      referral_id: referralId,
      referred_by: null,
      points: 0,
      views: fields.views ?? 0,
      membership_plan_id: null,
      platform_fee_paid: fields.platformFeePaid ? 1 : 0,
      is_faulty: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const token = randomToken()
  await app.db
    .insertInto('access_tokens')
    .values({
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + 30 * 86400_000).toISOString(),
      revoked_at: null,
      created_at: now,
    })
    .execute()
  return { id: user.id, email, phone, pin, token, referralId }
}
