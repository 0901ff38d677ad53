/**
 * The way back for the owner (docs/product.md#security): every lock mail (wrong PINs, wrong codes) carries a
 * single-use link, valid 24 hours, to the PIN reset screen. Opening it proves the mailbox: it clears
 * every lock guessing placed on the account (the PIN lock and its doubling, the signup and reset
 * code locks and their 24-hour budgets) and yields a reset token for a new PIN. So guessing locks
 * the guesser's path, never the owner's.
 */
import type { AppContext } from '../context.ts'
import { badRequest } from '../lib/errors.ts'
import { randomToken, sha256 } from '../lib/crypto.ts'
import { isoAfter } from '../lib/time.ts'
import { clearGuesses } from './guess-budget.ts'
import { MESSAGES } from './messages.ts'
import { issueResetToken } from './tokens.ts'
import { findUserByEmail } from './users.ts'

/** An unlock link is valid 24 hours (docs/product.md#security). */
const UNLOCK_LINK_MS = 24 * 3_600_000

/** The guess budget of a user's PIN (server/accounts/guess-budget.ts). */
export const pinSubject = (userId: number) => `pin:user:${userId}`

/**
 * Stores a new unlock token for `user` at `now` and returns the link a lock mail carries:
 * `PUBLIC_URL/update-password?email=…&unlock=…`.
 */
export async function newUnlockLink(
  ctx: AppContext,
  user: { id: number; email: string },
): Promise<string> {
  const token = randomToken()
  const now = ctx.now()
  await ctx.db
    .insertInto('unlock_tokens')
    .values({
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: isoAfter(now, UNLOCK_LINK_MS),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute()
  const query = new URLSearchParams({ email: user.email, unlock: token })
  return `${ctx.publicUrl}/update-password?${query.toString()}`
}

/**
 * Spends the unlock token `token` of the account with `email`: in one transaction the token is
 * used, the account's PIN lock and code locks are cleared, and a 15-minute reset token is returned
 * (for `POST /new-password/`).
 * Throws 400 UNLOCK_LINK_INVALID (unknown address, unknown, used or expired token, another
 * account's token); nothing changes then.
 */
export async function redeemUnlockLink(
  ctx: AppContext,
  email: string,
  token: string,
): Promise<string> {
  const invalid = () => badRequest('UNLOCK_LINK_INVALID', MESSAGES.unlockLinkInvalid)
  const user = await findUserByEmail(ctx.db, email)
  if (!user) throw invalid()
  const now = ctx.now()
  return ctx.db.transaction().execute(async (tx) => {
    const spent = await tx
      .updateTable('unlock_tokens')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', sha256(token))
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst()
    if (Number(spent.numUpdatedRows) !== 1) throw invalid()
    await clearGuesses(tx, pinSubject(user.id))
    await tx.deleteFrom('otp_flow_locks').where('address', '=', user.email).execute()
    await tx.deleteFrom('otp_guesses').where('address', '=', user.email).execute()
    return issueResetToken(tx, user.id, now)
  })
}
