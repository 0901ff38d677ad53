/**
 * One-time codes of docs/product.md#security: 4 digits from the CSPRNG, stored as a scrypt hash, valid 10
 * minutes, single use, 5 tries, bound to a purpose (signup or reset) and an address. A new code
 * supersedes the earlier ones of the same purpose and address: only the newest is checked. A
 * resend is refused until the newest code's countdown (`resend_after_seconds`) has run out.
 */
import type { Selectable } from 'kysely'
import type { Db } from '../db/index.ts'
import type { OtpCodesTable } from '../db/schema/index.ts'
import { ApiError, badRequest } from '../lib/errors.ts'
import { hashSecret, randomOtp, randomToken, verifySecret } from '../lib/crypto.ts'
import type { AppContext } from '../context.ts'
import { isoAfter } from '../lib/time.ts'
import { ACCOUNT_RULES, MESSAGES, resendTooSoonMessage } from './messages.ts'
import { afterWrongGuess, assertCodeFlowOpen, forgiveGuess, reserveGuess } from './otp-guard.ts'

export type OtpPurpose = 'signup' | 'reset'
export type OtpRow = Selectable<OtpCodesTable>

/** The newest code of `purpose` sent to `address` (lowercased email), or undefined. */
export async function newestOtp(
  db: Db,
  address: string,
  purpose: OtpPurpose,
): Promise<OtpRow | undefined> {
  return db
    .selectFrom('otp_codes')
    .selectAll()
    .where('address', '=', address)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** Milliseconds until `row`'s resend countdown ends at `now` (0 or less: a resend is allowed). */
export function resendWaitMs(row: OtpRow, now: Date): number {
  return Date.parse(row.created_at) + row.resend_after_seconds * 1000 - now.getTime()
}

/**
 * Checks that a new code of `purpose` may be sent to `address` at `now`, and returns the new
 * code's own countdown in seconds: 10 for a first reset code, 59 for a reset resend (an earlier
 * reset code still within its 10 minutes) and for every signup code (docs/product.md#flows, #rules).
 * Throws 429 RESEND_TOO_SOON `{ retry_after_seconds }` while the newest code's countdown runs.
 */
export async function assertResendAllowed(
  db: Db,
  address: string,
  purpose: OtpPurpose,
  now: Date,
): Promise<number> {
  const latest = await newestOtp(db, address, purpose)
  if (latest) {
    const waitMs = resendWaitMs(latest, now)
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000)
      throw new ApiError(429, 'RESEND_TOO_SOON', resendTooSoonMessage(seconds), {
        retry_after_seconds: seconds,
      })
    }
  }
  if (purpose === 'signup') return ACCOUNT_RULES.resendSeconds
  const isResend =
    latest !== undefined && now.getTime() - Date.parse(latest.created_at) < ACCOUNT_RULES.otpValidMs
  return isResend ? ACCOUNT_RULES.resendSeconds : ACCOUNT_RULES.firstResetResendSeconds
}

/**
 * A fresh code and its scrypt hash, hashed in the pool for `client` (the request's address);
 * hash before opening a transaction (scrypt is slow). Throws 503 HASHING_BUSY.
 */
export async function prepareOtp(
  client: string | null = null,
): Promise<{ code: string; codeHash: string }> {
  const code = randomOtp()
  return { code, codeHash: await hashSecret(code, client) }
}

/**
 * The scrypt hash of a decoy code (docs/product.md#security): a random 43-character secret, so no 4-digit code
 * matches it, hashed with the same cost as a real code. Stored for an address with no account, it
 * is never mailed; `checkOtp` refuses a decoy even if something matched.
 */
export async function prepareDecoyOtp(client: string | null = null): Promise<{ codeHash: string }> {
  return { codeHash: await hashSecret(randomToken(), client) }
}

/** The running task per address of `oneAtATime`. */
const running = new Map<string, Promise<unknown>>()

/**
 * Runs `task` after the earlier tasks for `key` (a lowercased address) in this process have
 * settled, so parallel requests for one address cannot all pass a countdown check before any code
 * is stored.
 */
export function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = running.get(key) ?? Promise.resolve()
  const next = previous.then(task, task)
  const settled = next.catch(() => undefined)
  running.set(key, settled)
  void settled.then(() => {
    if (running.get(key) === settled) running.delete(key)
  })
  return next
}

/**
 * Stores a prepared code for `userId` (null for a reset decoy: an address with no account, see
 * `prepareDecoyOtp`); returns its public request id (the product’s `requestId`).
 */
export async function insertOtp(
  db: Db,
  fields: {
    userId: number | null
    address: string
    purpose: OtpPurpose
    codeHash: string
    resendAfterSeconds: number
  },
  now: Date,
): Promise<string> {
  const requestId = randomToken()
  await db
    .insertInto('otp_codes')
    .values({
      request_id: requestId,
      purpose: fields.purpose,
      address: fields.address,
      user_id: fields.userId,
      code_hash: fields.codeHash,
      expires_at: isoAfter(now, ACCOUNT_RULES.otpValidMs),
      tries: 0,
      used_at: null,
      resend_after_seconds: fields.resendAfterSeconds,
      created_at: now.toISOString(),
    })
    .execute()
  return requestId
}

/** 503 MAIL_FAILED: the SMTP server refused or could not be reached. */
export const mailFailed = () => new ApiError(503, 'MAIL_FAILED', MESSAGES.mailFailed)

/**
 * Mails `code` to `to`: subject 'Your verification code', body 'Your code is NNNN…'. Rejects with
 * the mailer's error (logged here).
 */
export async function sendOtpMail(ctx: AppContext, to: string, code: string): Promise<void> {
  try {
    await ctx.mailer.send({
      to,
      subject: MESSAGES.mailSubject,
      text: `Your code is ${code}. It is valid for 10 minutes. ${MESSAGES.mailFooter}`,
    })
  } catch (error) {
    ctx.log.error({ err: error }, 'sending a one-time code failed')
    throw error
  }
}

/**
 * Mails the code stored as `requestId`; if the mail fails the code is deleted (so no countdown
 * blocks a retry) and 503 MAIL_FAILED is thrown.
 */
export async function mailCodeOrWithdraw(
  ctx: AppContext,
  requestId: string,
  to: string,
  code: string,
): Promise<void> {
  try {
    await sendOtpMail(ctx, to, code)
  } catch {
    await ctx.db.deleteFrom('otp_codes').where('request_id', '=', requestId).execute()
    throw mailFailed()
  }
}

/** The code row of a public request id, or undefined. */
export async function otpByRequestId(db: Db, requestId: string): Promise<OtpRow | undefined> {
  return db
    .selectFrom('otp_codes')
    .selectAll()
    .where('request_id', '=', requestId)
    .executeTakeFirst()
}

/**
 * Checks `otp` against the newest code of `purpose` sent to `address` at `now`, spending one of
 * its 5 tries and then one of the address's 10 wrong guesses a day (docs/product.md#security; a
 * right code gives its guess back). A guess refused because the code's tries are spent is not
 * checked and spends no guess of the day: a burst on one code checks at most 5 and locks nothing. A decoy (no account; `user_id` null) takes the very same path, scrypt check
 * included, and never matches, so the answers tell nobody whether the address has an account.
 * Returns the code row of an account when it matches; the caller then marks it used with
 * `markOtpUsed` in the transaction that acts on it.
 * Throws 400 OTP_INVALID `{ tries_left }` (wrong or no code), OTP_EXPIRED, OTP_USED,
 * OTP_TOO_MANY_TRIES; 423 CODE_ENTRY_LOCKED `{ retry_after_seconds }` while the flow is locked
 * (even for the right code) and for the 10th wrong code in 24 hours, which locks it;
 * 503 HASHING_BUSY (the hash pool is full for `client`; the guess is not counted).
 */
export async function checkOtp(
  ctx: AppContext,
  address: string,
  purpose: OtpPurpose,
  otp: string,
  client: string | null = null,
): Promise<OtpRow & { user_id: number }> {
  const now = ctx.now()
  const row = await newestOtp(ctx.db, address, purpose)
  if (!row) throw badRequest('OTP_INVALID', MESSAGES.otpInvalid)
  await assertCodeFlowOpen(ctx.db, row.address, purpose, now)
  if (row.used_at !== null) throw badRequest('OTP_USED', MESSAGES.otpUsed)
  if (row.expires_at <= now.toISOString()) throw badRequest('OTP_EXPIRED', MESSAGES.otpExpired)
  const owner = { address: row.address, userId: row.user_id }
  // Spend one of the code's tries first, atomically: past its 5 a guess is refused unchecked and
  // spends none of the day's budget, so one burst on one code can never lock the flow.
  const spent = await ctx.db
    .updateTable('otp_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', row.id)
    .where('tries', '<', ACCOUNT_RULES.otpMaxTries)
    .where('used_at', 'is', null)
    .returning('tries')
    .executeTakeFirst()
  if (!spent) {
    const fresh = await otpByRequestId(ctx.db, row.request_id)
    if (fresh?.used_at) throw badRequest('OTP_USED', MESSAGES.otpUsed)
    throw badRequest('OTP_TOO_MANY_TRIES', MESSAGES.otpTooManyTries)
  }
  const giveBackTry = () =>
    ctx.db
      .updateTable('otp_codes')
      .set((eb) => ({ tries: eb('tries', '-', 1) }))
      .where('id', '=', row.id)
      .where('tries', '>', 0)
      .execute()
  let guess: { id: number; count: number }
  try {
    guess = await reserveGuess(ctx, owner, purpose)
  } catch (error) {
    // Over the day's budget (the flow is locked now): this guess is never compared.
    await giveBackTry()
    throw error
  }
  let matches: boolean
  try {
    matches = /^\d{4}$/.test(otp) && (await verifySecret(otp, row.code_hash, client))
  } catch (error) {
    // Never compared (the hash pool was full): the guess and the try are given back.
    await forgiveGuess(ctx.db, guess.id)
    await giveBackTry()
    throw error
  }
  const userId = row.user_id
  if (matches && userId !== null) {
    await forgiveGuess(ctx.db, guess.id)
    return { ...row, user_id: userId }
  }
  const locked = await afterWrongGuess(ctx, owner, purpose, guess.count)
  if (locked) throw locked
  throw badRequest('OTP_INVALID', MESSAGES.otpInvalid, {
    tries_left: ACCOUNT_RULES.otpMaxTries - spent.tries,
  })
}

/** Marks code `id` used; throws 400 OTP_USED if another request used it first. */
export async function markOtpUsed(db: Db, id: number, now: Date): Promise<void> {
  const result = await db
    .updateTable('otp_codes')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw badRequest('OTP_USED', MESSAGES.otpUsed)
}
