/**
 * Logging in and out (SPEC §4, §7; DECISIONS §7): the identifier is an email (any case) or a
 * 10-digit phone number; the PIN is checked with scrypt under the account lockout.
 */
import type { AppContext } from '../context.ts'
import { ApiError, badRequest } from '../lib/errors.ts'
import { hashSecret, sha256, verifySecret } from '../lib/crypto.ts'
import { deleteSubscriptionsOfToken } from '../push/subscriptions.ts'
import {
  PIN_PATTERN,
  checkLoginIdentifier,
  isPhoneIdentifier,
} from '../../src/shared/validation.ts'
import { MESSAGES, accountLockedMail } from './messages.ts'
import { assertNotLocked, clearLockout, recordFailedLogin } from './lockout.ts'
import { signupCodeForLogin } from './registration.ts'
import { issueAccessToken, revokeAccessToken } from './tokens.ts'
import { findUserByEmail, findUserByPhone } from './users.ts'

/**
 * 200: a verified user's token; 417: an unverified user's token, the signup code's id and the
 * account's email (the code screen shows it even when the user logged in by phone).
 */
export type LoginResult =
  | { verified: true; accessToken: string }
  | { verified: false; accessToken: string; requestId: string; email: string }

let dummyHash: Promise<string> | undefined

/** 401 INVALID_CREDENTIALS with SPEC §8's text. */
export const invalidCredentials = () =>
  new ApiError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials)

/**
 * Logs in with `identifier` (email or 10-digit phone) and the 4-digit `pin`. An unverified user
 * also gets a signup code mailed (unless the last one's countdown still runs).
 * Throws 400 VALIDATION (malformed identifier, SPEC §5), 401 INVALID_CREDENTIALS,
 * 423 ACCOUNT_LOCKED `{ retry_after_seconds }` (DECISIONS §7; the 5th wrong PIN in a row also
 * mails the owner the lock's end and the way back, a PIN reset).
 */
export async function logIn(
  ctx: AppContext,
  identifier: string,
  pin: string,
): Promise<LoginResult> {
  const id = identifier.trim()
  const invalid = checkLoginIdentifier(id)
  if (invalid) throw badRequest('VALIDATION', invalid)
  const user = isPhoneIdentifier(id)
    ? await findUserByPhone(ctx.db, id)
    : await findUserByEmail(ctx.db, id)
  if (!user) {
    // Same scrypt cost as for a real account, so timing does not reveal which accounts exist.
    dummyHash ??= hashSecret('0000')
    await verifySecret(pin, await dummyHash)
    throw invalidCredentials()
  }
  assertNotLocked(user, ctx.now())
  const ok = PIN_PATTERN.test(pin) && (await verifySecret(pin, user.pin_hash))
  if (!ok) {
    const notify = (until: Date) => mailLockNotice(ctx, user.email, until)
    throw (await recordFailedLogin(ctx.db, user.id, ctx.now(), notify)) ?? invalidCredentials()
  }
  if (user.failed_logins > 0 || user.lock_count > 0 || user.locked_until !== null) {
    await clearLockout(ctx.db, user.id)
  }
  const accessToken = await issueAccessToken(ctx.db, user.id, ctx.now())
  if (user.email_verified === 1) return { verified: true, accessToken }
  return {
    verified: false,
    accessToken,
    requestId: await signupCodeForLogin(ctx, user),
    email: user.email,
  }
}

/** Mails the owner that wrong PINs locked the account until `until`, in the background. */
function mailLockNotice(ctx: AppContext, to: string, until: Date): void {
  ctx.background.run('account lock notice', () =>
    ctx.mailer.send({ to, subject: MESSAGES.accountLockedSubject, text: accountLockedMail(until) }),
  )
}

/**
 * Revokes the access token `token` (DECISIONS §6 `POST /logout/`) and deletes the push
 * subscriptions saved with it (issue 16: this device stops getting notifications).
 */
export async function logOut(ctx: AppContext, token: string): Promise<void> {
  await revokeAccessToken(ctx.db, token, ctx.now())
  await deleteSubscriptionsOfToken(ctx.db, sha256(token))
}
