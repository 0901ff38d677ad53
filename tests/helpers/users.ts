/**
 * Test users written straight into the database (a verified email, a PIN, an access token), for
 * tests whose subject is not the signup flow itself.
 */
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { hashSecret, randomToken, sha256 } from '../../server/lib/crypto.ts'
import { grantCoins } from './ledger.ts'

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

/**
 * Refers `count` new users to `referrer`, each having watched `views` videos and verified unless
 * `verified` is false. Friends who watch, as real ones do: a tree of idle friends holds the
 * referrer's withdrawals for review (docs/product.md#abuse).
 */
export async function addReferredFriends(
  app: FastifyInstance,
  referrer: { id: number },
  count: number,
  { views = 10, verified = true }: { views?: number; verified?: boolean } = {},
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const friend = await createTestUser(app, { views })
    await app.db
      .updateTable('users')
      .set({ referred_by: referrer.id, email_verified: verified ? 1 : 0 })
      .where('id', '=', friend.id)
      .execute()
  }
}

/**
 * A user who meets every condition to withdraw (docs/product.md#conditions): `views`
 * videos watched (default 25), the platform fee paid, three friends who watch (`friendViews`
 * each, default 10), and `coins` granted through the ledger (default 1,50,000 coins = ₹1,500).
 */
export async function createEligibleUser(
  app: FastifyInstance,
  {
    coins = 150_000,
    views = 25,
    friendViews = 10,
    firstName,
  }: { coins?: number; views?: number; friendViews?: number; firstName?: string } = {},
): Promise<TestUser> {
  const user = await createTestUser(app, { firstName, views, platformFeePaid: true })
  await addReferredFriends(app, user, 3, { views: friendViews })
  if (coins > 0) await grantCoins(app, user.id, coins)
  return user
}
