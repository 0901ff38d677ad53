/**
 * The PIN asked again inside a session, before money leaves to a payee the account never used
 * (docs/product.md#security). It is the login PIN under the login's own guess budget: a wrong PIN
 * here counts toward the same 5 that lock the account, and the 5th mails the owner as a login's does.
 */
import type { AppContext } from '../context.ts'
import { ApiError, badRequest, forbidden } from '../lib/errors.ts'
import { verifySecret } from '../lib/crypto.ts'
import { PIN_PATTERN } from '../../contract/validation.ts'
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
