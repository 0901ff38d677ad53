/**
 * Resetting a forgotten PIN (docs/product.md#screens, #flows, #api): a reset code to the email (mailed after the answer,
 * which is the same for every address), the code traded for a 15-minute reset token, the token
 * traded for a new PIN. A new PIN revokes every access token and clears the PIN lockout
 * (docs/product.md#security).
 */
import type { AppContext } from '../context.ts'
import { badRequest } from '../lib/errors.ts'
import { hashSecret } from '../lib/crypto.ts'
import { checkNewPin, checkResetEmail } from '../../contract/validation.ts'
import { ACCOUNT_RULES, MESSAGES } from './messages.ts'
import {
  checkOtp,
  insertOtp,
  markOtpUsed,
  newestOtp,
  prepareDecoyOtp,
  prepareOtp,
  mailCodeOrWithdraw,
  oneAtATime,
  resendWaitMs,
} from './otp.ts'
import { codeFlowLockedUntil, underDailyCodeCap } from './otp-guard.ts'
import {
  consumeResetToken,
  isResetTokenUsable,
  issueResetToken,
  revokeAllAccessTokens,
} from './tokens.ts'
import { findUserByEmail, normalizeEmail } from './users.ts'
import { clearGuesses } from './guess-budget.ts'
import { pinSubject } from './unlock.ts'

const resetTokenInvalid = () => badRequest('RESET_TOKEN_INVALID', MESSAGES.resetTokenInvalid)

/**
 * Checks the address `POST /forgot-password/` was given. The answer must not depend on whether an
 * account has it (docs/product.md#security), so only its form is checked here; `mailResetCode` does the rest
 * after the answer has gone out.
 * Throws 400 VALIDATION (docs/product.md#validation message) for a malformed or too long email.
 */
export function assertResetEmail(email: string): void {
  const invalid = checkResetEmail(email.trim())
  if (invalid) throw badRequest('VALIDATION', invalid)
}

/**
 * Mails a reset code to the account with `email`, when a code may go out at `requestedAt` (the
 * request's time; default now). Runs after forgot-password has answered, so known, unknown and
 * rate-limited addresses all get the same answer at the same speed (docs/product.md#security). Nothing is stored while the address's reset flow is
 * locked, while the newest code's countdown runs (10 s after the first code, 59 s after a
 * resend), or once 10 codes were stored in 24 hours. For an address with no account the same
 * rules store a decoy code that is never mailed and never matches (`prepareDecoyOtp`), so
 * verify-otp's answers (tries left, expiry, the lock) cannot tell the two apart either. Requests
 * for one address run one at a time in this process, so parallel asks cannot slip past the
 * countdown. Resolves to what happened (`sent`, `no-account`, `locked`, `too-soon`,
 * `daily-cap`); rejects only when the mail itself fails (the code is withdrawn then, so a retry
 * is not blocked).
 */
export function mailResetCode(
  ctx: AppContext,
  email: string,
  requestedAt: Date = ctx.now(),
): Promise<'sent' | 'no-account' | 'locked' | 'too-soon' | 'daily-cap'> {
  return oneAtATime(normalizeEmail(email), () => mailResetCodeNow(ctx, email, requestedAt))
}

/**
 * `mailResetCode`'s work, judged at `requestedAt`: the code's countdown runs from the moment of
 * the request, which the screen's own countdown starts after, so a resend the screen offers is
 * never refused as too soon by the server.
 */
async function mailResetCodeNow(
  ctx: AppContext,
  email: string,
  requestedAt: Date,
): Promise<'sent' | 'no-account' | 'locked' | 'too-soon' | 'daily-cap'> {
  const address = normalizeEmail(email)
  const user = await findUserByEmail(ctx.db, address)
  const now = requestedAt
  if (await codeFlowLockedUntil(ctx.db, address, 'reset', now)) return 'locked'
  const latest = await newestOtp(ctx.db, address, 'reset')
  if (latest && resendWaitMs(latest, now) > 0) return 'too-soon'
  if (!(await underDailyCodeCap(ctx.db, address, 'reset', now))) return 'daily-cap'
  const isResend =
    latest !== undefined && now.getTime() - Date.parse(latest.created_at) < ACCOUNT_RULES.otpValidMs
  const resendAfterSeconds = isResend
    ? ACCOUNT_RULES.resendSeconds
    : ACCOUNT_RULES.firstResetResendSeconds
  if (!user) {
    // A decoy, never mailed: verify-otp then answers this address as it answers an account's.
    const { codeHash } = await prepareDecoyOtp()
    await insertOtp(
      ctx.db,
      { userId: null, address, purpose: 'reset', codeHash, resendAfterSeconds },
      now,
    )
    return 'no-account'
  }
  const { code, codeHash } = await prepareOtp()
  const requestId = await insertOtp(
    ctx.db,
    { userId: user.id, address, purpose: 'reset', codeHash, resendAfterSeconds },
    now,
  )
  await mailCodeOrWithdraw(ctx, requestId, address, code)
  return 'sent'
}

/**
 * Checks the newest reset code sent to `email` and, in one transaction, uses it and returns a new
 * 15-minute reset token.
 * Throws 400 OTP_INVALID `{ tries_left }` / OTP_EXPIRED / OTP_USED / OTP_TOO_MANY_TRIES,
 * 423 CODE_ENTRY_LOCKED (10 wrong codes in 24 hours; docs/product.md#security).
 */
export async function verifyResetCode(
  ctx: AppContext,
  email: string,
  otp: string,
  client: string | null = null,
): Promise<string> {
  const code = await checkOtp(ctx, normalizeEmail(email), 'reset', otp, client)
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
  ctx: AppContext,
  input: { email: string; pin: string; resetToken?: string },
  client: string | null = null,
): Promise<void> {
  const invalid = checkNewPin(input.pin)
  if (invalid) throw badRequest('VALIDATION', invalid)
  if (!input.resetToken) throw resetTokenInvalid()
  const resetToken = input.resetToken
  const user = await findUserByEmail(ctx.db, input.email)
  // The token is checked before the slow hash, so a wrong one is refused as fast for an account's
  // address as for an address with no account; the transaction spends it atomically.
  if (!user || !(await isResetTokenUsable(ctx.db, resetToken, user.id, ctx.now()))) {
    throw resetTokenInvalid()
  }
  const pinHash = await hashSecret(input.pin, client)
  const now = ctx.now()
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await consumeResetToken(tx, resetToken, user.id, now))) throw resetTokenInvalid()
    await tx.updateTable('users').set({ pin_hash: pinHash }).where('id', '=', user.id).execute()
    await clearGuesses(tx, pinSubject(user.id))
    await revokeAllAccessTokens(tx, user.id, now)
  })
}
