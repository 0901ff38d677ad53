/**
 * Access tokens and password-reset tokens (docs/product.md#security): 32 random bytes handed to the client
 * once, stored only as SHA-256. Access tokens live 30 days until logout; reset tokens 15 minutes,
 * single use, bound to their user.
 */
import type { ExpressionBuilder } from 'kysely'
import type { Db } from '../db/index.ts'
import type { Database } from '../db/schema/index.ts'
import { randomToken, sha256 } from '../lib/crypto.ts'
import { isoAfter } from '../lib/time.ts'
import { ACCOUNT_RULES } from './messages.ts'

/** Creates an access token for `userId`, valid 30 days from `now`; returns the plain token. */
export async function issueAccessToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomToken()
  await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: isoAfter(now, ACCOUNT_RULES.accessTokenMs),
      revoked_at: null,
      created_at: now.toISOString(),
    })
    .execute()
  return token
}

/** The user id of a live (unrevoked, unexpired at `now`) access token, or undefined. */
export async function userIdForAccessToken(
  db: Db,
  token: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('access_tokens')
    .select('user_id')
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return row?.user_id
}

/** Revokes one access token (logout). */
export async function revokeAccessToken(db: Db, token: string, now: Date): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .execute()
}

/** Revokes every live access token of `userId` (after a PIN change). */
export async function revokeAllAccessTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Creates a password-reset token for `userId`, valid 15 minutes; returns the plain token. */
export async function issueResetToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomToken()
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: isoAfter(now, ACCOUNT_RULES.resetTokenMs),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute()
  return token
}

/** The condition on password_reset_tokens: `token` is `userId`'s, unused and unexpired at `now`. */
function usableResetToken(token: string, userId: number, now: Date) {
  return (eb: ExpressionBuilder<Database, 'password_reset_tokens'>) =>
    eb.and([
      eb('token_hash', '=', sha256(token)),
      eb('user_id', '=', userId),
      eb('used_at', 'is', null),
      eb('expires_at', '>', now.toISOString()),
    ])
}

/**
 * Whether `token` is a reset token of `userId`, unused and unexpired at `now`, without spending
 * it: checked before the new PIN is hashed, so a wrong token is refused as fast for an account's
 * address as for an address with no account (docs/product.md#security). `consumeResetToken` spends it.
 */
export async function isResetTokenUsable(
  db: Db,
  token: string,
  userId: number,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('id')
    .where(usableResetToken(token, userId, now))
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Marks the reset token used if it is unused, unexpired at `now` and belongs to `userId`.
 * Returns whether it did; a second call with the same token returns false.
 */
export async function consumeResetToken(
  db: Db,
  token: string,
  userId: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now.toISOString() })
    .where(usableResetToken(token, userId, now))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
