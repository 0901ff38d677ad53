/**
 * Signing up (docs/product.md#flows, #api, #security): registration creates an unverified user, an access
 * token and a signup code; the code verifies the email, which credits the signup rewards once.
 */
import { newDeviceId } from './device-tokens.ts'
import { checkSignupLimits, recordAccountEvent, type RequestSignal } from '../risk/signals.ts'
import type { AppContext } from '../context.ts'
import { isUniqueViolation } from '../db/index.ts'
import { ApiError, badRequest, conflict } from '../lib/errors.ts'
import { hashSecret } from '../lib/crypto.ts'
import { grantSignupRewards } from '../earning/signup-rewards.ts'
import {
  checkNewPin,
  checkRegisterEmail,
  checkRegisterName,
  checkRegisterPhone,
} from '../../contract/validation.ts'
import { ACCOUNT_RULES, MESSAGES } from './messages.ts'
import {
  assertResendAllowed,
  checkOtp,
  insertOtp,
  mailCodeOrWithdraw,
  mailFailed,
  markOtpUsed,
  newestOtp,
  oneAtATime,
  otpByRequestId,
  prepareDecoyOtp,
  prepareOtp,
  resendWaitMs,
  sendOtpMail,
} from './otp.ts'
import { assertCodeFlowOpen, underDailyCodeCap } from './otp-guard.ts'
import { issueAccessToken, issueResetToken } from './tokens.ts'
import {
  emailOrPhoneTaken,
  findUserByEmail,
  findUserIdByReferralCode,
  insertUser,
  normalizeEmail,
  type UserRow,
} from './users.ts'
import type { RegistrationBody } from '../../contract/api/accounts.ts'

/** `POST /user/registration/`'s body (the contract's; `password` is the 4-digit PIN). */
type RegistrationInput = RegistrationBody

/** An access token plus the public id of the signup code just mailed (or still counting down). */
export interface PendingSignup {
  accessToken: string
  requestId: string
  userId: number
  /** The device the signup was recorded on: the device token's, else a new one. */
  deviceId: string
}

/** The first docs/product.md#validation message `input` breaks, or null. */
function registrationError(input: RegistrationInput): string | null {
  return (
    checkRegisterName(input.first_name) ??
    checkRegisterPhone(input.phone_number) ??
    checkRegisterEmail(input.email.trim()) ??
    checkNewPin(input.password)
  )
}

/**
 * Registers an unverified user, mails a signup code and returns a token with the code's request
 * id (the route answers 417, docs/product.md#api). The referral code, if given, sets `referred_by`.
 * Throws 400 VALIDATION (docs/product.md#validation message), 409 USER_EXISTS, 400 INVALID_REFERRAL, 503 MAIL_FAILED
 * (the account is then removed again), 503 HASHING_BUSY (the hash pool is full for the address),
 * 429 SIGNUP_LIMIT (the device's or the address's accounts of the day; checkSignupLimits). The
 * signup is recorded with `signal` (device, address, user agent) for abuse review; a request
 * without a valid device token is recorded on a new device id, which the route signs into the
 * device token it answers with.
 */
export async function registerUser(
  ctx: AppContext,
  input: RegistrationInput,
  signal: RequestSignal,
): Promise<PendingSignup> {
  const client = signal.address
  const invalid = registrationError(input)
  if (invalid) throw badRequest('VALIDATION', invalid)
  const email = normalizeEmail(input.email)
  if (await emailOrPhoneTaken(ctx.db, email, input.phone_number)) {
    throw conflict('USER_EXISTS', MESSAGES.userExists)
  }
  let referredBy: number | null = null
  if (input.referral_id?.trim()) {
    referredBy = (await findUserIdByReferralCode(ctx.db, input.referral_id)) ?? null
    if (referredBy === null) throw badRequest('INVALID_REFERRAL', MESSAGES.invalidReferral)
  }
  await checkSignupLimits(ctx.db, ctx.rules, signal, ctx.now())
  const pinHash = await hashSecret(input.password, client)
  const { code, codeHash } = await prepareOtp(client)
  const now = ctx.now()
  const deviceId = signal.deviceId ?? newDeviceId()
  let result: PendingSignup
  try {
    result = await ctx.db.transaction().execute(async (tx) => {
      const userId = await insertUser(
        tx,
        { firstName: input.first_name, email, phone: input.phone_number, pinHash, referredBy },
        now,
      )
      await recordAccountEvent(tx, userId, 'signup', { ...signal, deviceId }, now)
      const accessToken = await issueAccessToken(tx, userId, now)
      const requestId = await insertOtp(
        tx,
        {
          userId,
          address: email,
          purpose: 'signup',
          codeHash,
          resendAfterSeconds: ACCOUNT_RULES.resendSeconds,
        },
        now,
      )
      return { accessToken, requestId, userId, deviceId }
    })
  } catch (error) {
    // Two registrations racing for the same email or phone: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('USER_EXISTS', MESSAGES.userExists)
    throw error
  }
  try {
    await sendOtpMail(ctx, email, code)
  } catch {
    // Without the code the account could never be verified: undo it so the person can retry.
    await deleteUnverifiedUser(ctx, email)
    throw mailFailed()
  }
  return result
}

/** Deletes a just-registered, unverified user with its codes and tokens. */
async function deleteUnverifiedUser(ctx: AppContext, email: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const user = await tx
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('email_verified', '=', 0)
      .executeTakeFirst()
    if (!user) return
    await tx.deleteFrom('otp_codes').where('user_id', '=', user.id).execute()
    await tx.deleteFrom('access_tokens').where('user_id', '=', user.id).execute()
    await tx.deleteFrom('account_events').where('user_id', '=', user.id).execute()
    await tx.deleteFrom('users').where('id', '=', user.id).execute()
  })
}

/**
 * The signup code for an unverified user who logs in: the newest one while its countdown runs
 * (nothing is mailed then), else a new one, mailed. While the signup flow is locked or the day's
 * codes are spent, the newest code's id is returned and nothing is mailed (the login still works).
 * Returns its request id.
 */
export async function signupCodeForLogin(ctx: AppContext, user: UserRow): Promise<string> {
  const now = ctx.now()
  const latest = await newestOtp(ctx.db, user.email, 'signup')
  if (latest && latest.used_at === null && resendWaitMs(latest, now) > 0) return latest.request_id
  try {
    return await mailNewSignupCode(ctx, user)
  } catch (error) {
    const held =
      error instanceof ApiError && (error.statusCode === 423 || error.code === 'TOO_MANY_CODES')
    if (held && latest) return latest.request_id
    throw error
  }
}

/**
 * Mails a new signup code to `user`. Throws 423 CODE_ENTRY_LOCKED (signup flow locked),
 * 429 RESEND_TOO_SOON, 429 TOO_MANY_CODES (10 codes in 24 hours; docs/product.md#security), 503 MAIL_FAILED.
 */
async function mailNewSignupCode(ctx: AppContext, user: UserRow): Promise<string> {
  const now = ctx.now()
  await assertCodeFlowOpen(ctx.db, user.email, 'signup', now)
  const resendAfterSeconds = await assertResendAllowed(ctx.db, user.email, 'signup', now)
  if (!(await underDailyCodeCap(ctx.db, user.email, 'signup', now))) {
    throw new ApiError(429, 'TOO_MANY_CODES', MESSAGES.tooManyCodes)
  }
  const { code, codeHash } = await prepareOtp()
  const requestId = await insertOtp(
    ctx.db,
    { userId: user.id, address: user.email, purpose: 'signup', codeHash, resendAfterSeconds },
    now,
  )
  await mailCodeOrWithdraw(ctx, requestId, user.email, code)
  return requestId
}

/**
 * `POST /send-signup-otp/` for `email`, from `client` (the request's address): the same answer for
 * every address (docs/product.md#security). The rules of a signup code apply to every address alike (the
 * lock, the resend countdown, the daily cap); then a new code is stored and its request id
 * returned. Only an account waiting for verification gets a real code, mailed after the answer;
 * any other address gets a decoy that is never mailed and never matches, so neither the answer nor
 * a later verify-otp-after-signup tells whether the address has a pending signup. Requests for one
 * address run one at a time in this process.
 * Throws 429 RESEND_TOO_SOON `{ retry_after_seconds }`, 429 TOO_MANY_CODES, 423 CODE_ENTRY_LOCKED,
 * 503 HASHING_BUSY.
 */
export function resendSignupCode(
  ctx: AppContext,
  email: string,
  client: string | null = null,
): Promise<string> {
  const address = normalizeEmail(email)
  return oneAtATime(address, async () => {
    const user = await findUserByEmail(ctx.db, address)
    const pending = user && user.email_verified === 0 ? user : undefined
    const now = ctx.now()
    await assertCodeFlowOpen(ctx.db, address, 'signup', now)
    const resendAfterSeconds = await assertResendAllowed(ctx.db, address, 'signup', now)
    if (!(await underDailyCodeCap(ctx.db, address, 'signup', now))) {
      throw new ApiError(429, 'TOO_MANY_CODES', MESSAGES.tooManyCodes)
    }
    const prepared: { code?: string; codeHash: string } = pending
      ? await prepareOtp(client)
      : await prepareDecoyOtp(client)
    const requestId = await insertOtp(
      ctx.db,
      {
        userId: pending?.id ?? null,
        address,
        purpose: 'signup',
        codeHash: prepared.codeHash,
        resendAfterSeconds,
      },
      now,
    )
    const code = prepared.code
    if (pending && code !== undefined) {
      ctx.background.run('signup code mail', () =>
        mailCodeOrWithdraw(ctx, requestId, address, code),
      )
    }
    return requestId
  })
}

/**
 * Verifies a signup code found by `email` (the address it was mailed to, as the reset code is
 * found: the screen works in a browser session that never stored a request id) or named by
 * `requestId` (the newest code sent to that address is the one checked either way). In one
 * transaction: the code is used, the email marked verified and, the first time only,
 * `grantSignupRewards` runs with the app's rules (docs/product.md#rules). Returns a 15-minute reset token.
 * `tokenUserId` is the Authorization token's user, when one was sent; it must own the code.
 * Throws 400 OTP_INVALID `{ tries_left }` / OTP_EXPIRED / OTP_USED / OTP_TOO_MANY_TRIES, 403
 * OTP_WRONG_USER, 423 CODE_ENTRY_LOCKED (10 wrong codes in 24 hours locks the signup flow;
 * docs/product.md#security).
 */
export async function verifySignupCode(
  ctx: AppContext,
  input: { otp: string; requestId?: string; email?: string; tokenUserId?: number },
  client: string | null = null,
): Promise<string> {
  const named =
    input.email !== undefined
      ? await newestOtp(ctx.db, normalizeEmail(input.email), 'signup')
      : await otpByRequestId(ctx.db, input.requestId ?? '')
  if (!named || named.purpose !== 'signup') throw badRequest('OTP_INVALID', MESSAGES.otpInvalid)
  if (input.tokenUserId !== undefined && input.tokenUserId !== named.user_id) {
    throw new ApiError(403, 'OTP_WRONG_USER', MESSAGES.otpWrongUser)
  }
  const code = await checkOtp(ctx, named.address, 'signup', input.otp, client)
  const now = ctx.now()
  return ctx.db.transaction().execute(async (tx) => {
    await markOtpUsed(tx, code.id, now)
    const verified = await tx
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('id', '=', code.user_id)
      .where('email_verified', '=', 0)
      .executeTakeFirst()
    if (Number(verified.numUpdatedRows) === 1) {
      await grantSignupRewards(tx, code.user_id, ctx.rules, now)
    }
    return issueResetToken(tx, code.user_id, now)
  })
}
