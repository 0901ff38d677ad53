/**
 * The PIN asked again inside a session, before money leaves to a payee the account never used
 * (docs/product.md#security). It is the login PIN under the login's own guess budget: a wrong PIN
 * here counts toward the same 5 that lock the account, and the 5th mails the owner as a login's does.
 */
import type { AppContext } from '../context.ts'
import { ApiError, badRequest, forbidden } from '../lib/errors.ts'
import { verifySecret } from '../lib/crypto.ts'
import { PIN_PATTERN, checkUpiId } from '../../contract/validation.ts'
import { isKnownPayee } from '../earning/payees.ts'
import { ACCOUNT_RULES } from './messages.ts'
import { checkGuess } from './guess-budget.ts'
import { mailLockNotice } from './login.ts'
import { pinSubject } from './unlock.ts'

/** The English words of a wrong PIN, with the guesses left before the lock. */
export function wrongPinMessage(triesLeft: number): string {
  return `Wrong PIN. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left before your account is locked.`
}

/**
 * Checks `pin` (a 4-digit string) as user `userId`'s PIN, under the PIN's guess budget; `client`
 * is the request's address (the hash pool's fairness key). Resolves when it is right (the budget
 * starts again). Throws 400 VALIDATION (not 4 digits: no guess is taken), 403 PIN_WRONG
 * `{ tries_left }` (the guess counts), 423 ACCOUNT_LOCKED `{ retry_after_seconds }` (locked, or
 * this was the 5th wrong PIN: then the owner is mailed), 503 HASHING_BUSY.
 */
export async function confirmPin(
  ctx: AppContext,
  userId: number,
  pin: string,
  client: string | null,
): Promise<void> {
  if (!PIN_PATTERN.test(pin)) throw badRequest('VALIDATION', 'Enter your 4-digit PIN.')
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'pin_hash'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Please log in again.')
  const subject = pinSubject(user.id)
  const right = await checkGuess(
    ctx.db,
    subject,
    ctx.now(),
    () => verifySecret(pin, user.pin_hash, client),
    (until) => mailLockNotice(ctx, user, until),
  )
  if (right) return
  const budget = await ctx.db
    .selectFrom('guess_budgets')
    .select('failed')
    .where('subject', '=', subject)
    .executeTakeFirst()
  const left = Math.max(1, ACCOUNT_RULES.maxFailedLogins - (budget?.failed ?? 0))
  throw forbidden('PIN_WRONG', wrongPinMessage(left), { tries_left: left })
}

/**
 * Lets a withdrawal of user `userId` to `upiId` go ahead: at once for a known payee (`pin` is then
 * not looked at), else only with the account's right PIN. Runs before the withdrawal's
 * transaction, so a wrong PIN's guess stays counted when the request is refused.
 * Throws 403 PIN_REQUIRED (a new payee and no PIN), and confirmPin's errors: 400 VALIDATION,
 * 403 PIN_WRONG `{ tries_left }`, 423 ACCOUNT_LOCKED, 503 HASHING_BUSY.
 */
export async function allowPayee(
  ctx: AppContext,
  userId: number,
  upiId: unknown,
  pin: unknown,
  client: string | null,
): Promise<void> {
  // A malformed UPI ID is refused by the withdrawal's own checks, PIN or not.
  if (typeof upiId !== 'string' || checkUpiId(upiId.trim())) return
  if (await isKnownPayee(ctx.db, userId, upiId)) return
  if (typeof pin !== 'string' || pin === '')
    throw forbidden(
      'PIN_REQUIRED',
      'Enter your PIN to withdraw to a UPI ID you have not withdrawn to before.',
    )
  await confirmPin(ctx, userId, pin, client)
}
