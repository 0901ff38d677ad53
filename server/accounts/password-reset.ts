/**
 * Resetting a forgotten PIN (SPEC §2, §4, §7): a reset code to the email, the code traded for a
 * 15-minute reset token, the token traded for a new PIN. A new PIN revokes every access token and
 * clears the lockout (DECISIONS §7).
 */
import type { AccountContext } from './context.ts'
import { badRequest } from '../lib/errors.ts'
import { hashSecret } from '../lib/crypto.ts'
import { checkNewPin, checkResetEmail } from '../../src/shared/validation.ts'
import { MESSAGES } from './messages.ts'
import {
  assertResendAllowed,
  checkOtp,
  insertOtp,
  markOtpUsed,
  prepareOtp,
  mailCodeOrWithdraw,
} from './otp.ts'
import { consumeResetToken, issueResetToken, revokeAllAccessTokens } from './tokens.ts'
import { findUserByEmail, normalizeEmail } from './users.ts'

const resetTokenInvalid = () => badRequest('RESET_TOKEN_INVALID', MESSAGES.resetTokenInvalid)

/**
 * Mails a reset code to the account with `email`; does nothing (and says the same) when there is
 * none, so the answer does not reveal accounts. The first code's countdown is 10 s, a resend's
 * 59 s.
 * Throws 400 VALIDATION (SPEC §5 message), 429 RESEND_TOO_SOON `{ retry_after_seconds }`,
 * 503 MAIL_FAILED.
 */
export async function sendResetCode(ctx: AccountContext, email: string): Promise<void> {
  const invalid = checkResetEmail(email.trim())
  if (invalid) throw badRequest('VALIDATION', invalid)
  const user = await findUserByEmail(ctx.db, email)
  if (!user) return
  const now = ctx.now()
  const resendAfterSeconds = await assertResendAllowed(ctx.db, user.email, 'reset', now)
  const { code, codeHash } = await prepareOtp()
  const requestId = await insertOtp(
    ctx.db,
    { userId: user.id, address: user.email, purpose: 'reset', codeHash, resendAfterSeconds },
    now,
  )
  await mailCodeOrWithdraw(ctx, requestId, user.email, code)
}

/**
 * Checks the newest reset code sent to `email` and, in one transaction, uses it and returns a new
 * 15-minute reset token.
 * Throws 400 OTP_INVALID `{ tries_left }` / OTP_EXPIRED / OTP_USED / OTP_TOO_MANY_TRIES.
 */
export async function verifyResetCode(
  ctx: AccountContext,
  email: string,
  otp: string,
): Promise<string> {
  const code = await checkOtp(ctx, normalizeEmail(email), 'reset', otp)
  const now = ctx.now()
  return ctx.db.transaction().execute(async (tx) => {
    await markOtpUsed(tx, code.id, now)
    return issueResetToken(tx, code.user_id, now)
  })
}

/**
 * Sets a new 4-digit PIN for the account with `email`, spending its reset token; in the same
 * transaction every access token of the user is revoked and the lockout cleared.
 * Throws 400 VALIDATION ('Password must contain 4 digit only'), 400 RESET_TOKEN_INVALID (missing,
 * unknown, used, expired or another user's token); nothing changes then.
 */
export async function setNewPin(
  ctx: AccountContext,
  input: { email: string; pin: string; resetToken?: string },
): Promise<void> {
  const invalid = checkNewPin(input.pin)
  if (invalid) throw badRequest('VALIDATION', invalid)
  if (!input.resetToken) throw resetTokenInvalid()
  const user = await findUserByEmail(ctx.db, input.email)
  if (!user) throw resetTokenInvalid()
  const pinHash = await hashSecret(input.pin)
  const now = ctx.now()
  const resetToken = input.resetToken
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await consumeResetToken(tx, resetToken, user.id, now))) throw resetTokenInvalid()
    await tx
      .updateTable('users')
      .set({ pin_hash: pinHash, failed_logins: 0, locked_until: null, lock_count: 0 })
      .where('id', '=', user.id)
      .execute()
    await revokeAllAccessTokens(tx, user.id, now)
  })
}
