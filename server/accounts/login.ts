/**
 * Logging in and out (docs/product.md#flows, #api, #security): the identifier is an email (any case) or a
 * 10-digit phone number; the PIN is checked with scrypt under its guess budget (5 in a row lock).
 */
import { recordAccountEvent, type RequestSignal } from '../risk/signals.ts'
import type { AppContext } from '../context.ts'
import { ApiError, badRequest } from '../lib/errors.ts'
import { hashSecret, sha256, verifySecret } from '../lib/crypto.ts'
import { deleteSubscriptionsOfToken } from '../push/subscriptions.ts'
import { PIN_PATTERN, checkLoginIdentifier, isPhoneIdentifier } from '../../contract/validation.ts'
import { MESSAGES, accountLockedMail } from './messages.ts'
import { checkGuess } from './guess-budget.ts'
import { newDeviceId } from './device-tokens.ts'
import { newUnlockLink, pinSubject } from './unlock.ts'
import { signupCodeForLogin } from './registration.ts'
import { issueAccessToken, revokeAccessToken } from './tokens.ts'
import { findUserByEmail, findUserByPhone, normalizeEmail } from './users.ts'

/**
 * 200: a verified user's token; 417: an unverified user's token, the signup code's id and the
 * account's email (the code screen shows it even when the user logged in by phone).
 */
export type LoginResult = (
  | { verified: true; accessToken: string }
  | { verified: false; accessToken: string; requestId: string; email: string }
) & {
  userId: number
  /** The device the login was recorded on: the device token's, else a new one. */
  deviceId: string
}

/** 401 INVALID_CREDENTIALS with docs/product.md#messages's text. */
export const invalidCredentials = () =>
  new ApiError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials)

// Checked for an address with no account, so it costs the same hash as a real account's PIN.
let dummyHash: Promise<string> | undefined
const dummyPinHash = () => (dummyHash ??= hashSecret('0000'))

/**
 * Logs in with `identifier` (email or 10-digit phone) and the 4-digit `pin`, for the request from
 * `client` (its address: the hash pool's fairness key). An unverified user also gets a signup code
 * mailed (unless the last one's countdown still runs).
 *
 * Every address is answered alike (docs/product.md#security): a PIN that is not 4 digits is refused before any
 * lookup; otherwise an address with no account takes a guess slot of its own budget and pays the
 * same hash, so it answers 401 and then 423 exactly as an account does. Each guess takes its slot
 * before the hash (server/accounts/guess-budget.ts), so a burst checks at most 5 guesses a lock.
 * Throws 400 VALIDATION (malformed identifier, docs/product.md#validation), 401 INVALID_CREDENTIALS,
 * 423 ACCOUNT_LOCKED `{ retry_after_seconds }` (the 5th wrong PIN in a row also mails the owner
 * the lock's end and the unlock link), 503 HASHING_BUSY `{ retry_after_seconds }`.
 *
 * A login whose device token names this account (`signal.deviceUsers`) hashes in the pool's
 * reserved lane and is never refused for load (server/accounts/device-tokens.ts); any other gets
 * the shared lane. The result names the device the login is recorded on (the token's, else a new
 * id), which the route signs into the device token it answers with.
 */
export async function logIn(
  ctx: AppContext,
  identifier: string,
  pin: string,
  signal: RequestSignal | null = null,
): Promise<LoginResult> {
  const client = signal?.address ?? null
  const id = identifier.trim()
  const invalid = checkLoginIdentifier(id)
  if (invalid) throw badRequest('VALIDATION', invalid)
  if (!PIN_PATTERN.test(pin)) throw invalidCredentials()
  const byPhone = isPhoneIdentifier(id)
  const user = byPhone ? await findUserByPhone(ctx.db, id) : await findUserByEmail(ctx.db, id)
  const subject = user ? pinSubject(user.id) : `pin:id:${byPhone ? id : normalizeEmail(id)}`
  const stored = user?.pin_hash ?? (await dummyPinHash())
  const lane = user && signal?.deviceUsers.includes(user.id) ? 'reserved' : 'shared'
  const right = await checkGuess(
    ctx.db,
    subject,
    ctx.now(),
    async () => (await verifySecret(pin, stored, client, lane)) && user !== undefined,
    (until) => {
      if (user) mailLockNotice(ctx, user, until)
    },
  )
  if (!right || !user) throw invalidCredentials()
  const accessToken = await issueAccessToken(ctx.db, user.id, ctx.now())
  const deviceId = signal?.deviceId ?? newDeviceId()
  if (signal) await recordAccountEvent(ctx.db, user.id, 'login', { ...signal, deviceId }, ctx.now())
  const device = { userId: user.id, deviceId }
  if (user.email_verified === 1) return { verified: true, accessToken, ...device }
  return {
    ...device,
    verified: false,
    accessToken,
    requestId: await signupCodeForLogin(ctx, user),
    email: user.email,
  }
}

/**
 * Mails the owner that wrong PINs locked the account until `until`, in the background (with the
 * single-use unlock link, docs/product.md#security). Also used by the PIN a new payee needs.
 */
export function mailLockNotice(
  ctx: AppContext,
  user: { id: number; email: string },
  until: Date,
): void {
  ctx.background.run('account lock notice', async () => {
    const link = await newUnlockLink(ctx, user)
    await ctx.mailer.send({
      to: user.email,
      subject: MESSAGES.accountLockedSubject,
      text: accountLockedMail(until, link),
    })
  })
}

/**
 * Revokes the access token `token` (docs/product.md#api `POST /logout/`) and deletes the push
 * subscriptions saved with it, so this device stops getting notifications.
 */
export async function logOut(ctx: AppContext, token: string): Promise<void> {
  await revokeAccessToken(ctx.db, token, ctx.now())
  await deleteSubscriptionsOfToken(ctx.db, sha256(token))
}
