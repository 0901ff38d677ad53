/** Migration 001: users, access tokens, OTP codes, password-reset tokens (docs/product.md#security). */
import { sql, type Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { addIdColumn } from './helpers.ts'

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addIdColumn(db.schema.createTable('users'), engine)
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone_number', 'text', (c) => c.notNull().unique())
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referral_id', 'text', (c) => c.notNull().unique())
    .addColumn('referred_by', 'integer', (c) => c.references('users.id'))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('membership_plan_id', 'integer')
    .addColumn('platform_fee_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_faulty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('users_points_not_negative', sql`points >= 0`)
    .execute()
  // get-user counts a user's verified referrals.
  await db.schema.createIndex('users_referred_by').on('users').column('referred_by').execute()

  await addIdColumn(db.schema.createTable('access_tokens'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // A new PIN revokes every token of the user.
  await db.schema.createIndex('access_tokens_user').on('access_tokens').column('user_id').execute()

  await addIdColumn(db.schema.createTable('otp_codes'), engine)
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .addColumn('resend_after_seconds', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('otp_codes_address_purpose')
    .on('otp_codes')
    .columns(['address', 'purpose', 'created_at'])
    .execute()

  await addIdColumn(db.schema.createTable('password_reset_tokens'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}
