/**
 * The users table: lookups by email, phone, id and referral code, creation with a fresh unique
 * referral code, and the public profile of `GET /get-user/` (docs/product.md#api User).
 */
import crypto from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Db } from '../db/index.ts'
import type { UsersTable } from '../db/schema/index.ts'
import { videoPointForUser } from '../earning/membership.ts'
import { verifiedReferralCount } from '../earning/referrals.ts'
import type { User } from '../../contract/api/accounts.ts'

export type UserRow = Selectable<UsersTable>

/** Referral codes: 8 characters without the look-alikes 0/O and 1/I. */
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const REFERRAL_LENGTH = 8

/** Emails are stored and compared lowercased and trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** A random referral code from the CSPRNG, e.g. `K7QX2MHA`. */
function randomReferralCode(): string {
  let code = ''
  for (let i = 0; i < REFERRAL_LENGTH; i += 1) {
    code += REFERRAL_ALPHABET[crypto.randomInt(0, REFERRAL_ALPHABET.length)]
  }
  return code
}

/** The user with this email (any case), or undefined. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst()
}

/** The user with this 10-digit phone number, or undefined. */
export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirst()
}

/** The user with this id, or undefined. */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The id of the user whose own referral code is `code` (case-insensitive), or undefined. */
export async function findUserIdByReferralCode(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('referral_id', '=', code.trim().toUpperCase())
    .executeTakeFirst()
  return row?.id
}

/**
 * The user an operator names (docs/product.md#operators: the console's look-up and `npm run ops`): an email
 * (any case), a 10-digit phone number, or else a referral code (any case). Undefined when none.
 */
export async function findUserByIdentifier(
  db: Db,
  identifier: string,
): Promise<UserRow | undefined> {
  const value = identifier.trim()
  if (value.includes('@')) return findUserByEmail(db, value)
  if (/^\d{10}$/.test(value)) return findUserByPhone(db, value)
  const id = await findUserIdByReferralCode(db, value)
  return id === undefined ? undefined : findUserById(db, id)
}

/** Whether an account already uses this email or this phone number. */
export async function emailOrPhoneTaken(db: Db, email: string, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', normalizeEmail(email)), eb('phone_number', '=', phone)]))
    .executeTakeFirst()
  return row !== undefined
}

/** A referral code no user has yet (checked against the table; the unique index guards races). */
async function unusedReferralCode(db: Db): Promise<string> {
  for (;;) {
    const code = randomReferralCode()
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('referral_id', '=', code)
      .executeTakeFirst()
    if (!taken) return code
  }
}

export interface NewUser {
  firstName: string
  email: string
  phone: string
  pinHash: string
  referredBy: number | null
}

/** Inserts an unverified user with a new referral code; returns its id. Unique violations throw. */
export async function insertUser(db: Db, user: NewUser, now: Date): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      first_name: user.firstName.trim(),
      email: normalizeEmail(user.email),
      phone_number: user.phone,
      pin_hash: user.pinHash,
      email_verified: 0,
      referral_id: await unusedReferralCode(db),
      referred_by: user.referredBy,
      points: 0,
      views: 0,
      membership_plan_id: null,
      platform_fee_paid: 0,
      is_faulty: 0,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * The details of user `id` as `GET /get-user/` answers them (the contract's `User`, docs/product.md#api);
 * undefined when the user does not exist.
 */
export async function userDetails(db: Db, id: number): Promise<User | undefined> {
  const user = await findUserById(db, id)
  if (!user) return undefined
  return {
    first_name: user.first_name,
    email: user.email,
    phone_number: user.phone_number,
    points: user.points,
    views: user.views,
    referral_id: user.referral_id,
    referral_count: await verifiedReferralCount(db, id),
    membership__video_point: await videoPointForUser(db, id),
    is_faulty: user.is_faulty === 1,
    platform_fee_paid: user.platform_fee_paid === 1,
    email_verified: user.email_verified === 1,
  }
}
