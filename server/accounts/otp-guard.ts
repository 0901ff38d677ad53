/**
 * The per-account budgets of one-time codes (docs/product.md#security): at most 10 wrong codes per account
 * and purpose (signup or reset) in 24 hours, across all codes and IPs; the 10th locks that flow
 * for 24 hours (even a right code is refused) and mails the owner. At most 10 codes of a purpose
 * are stored for one account in 24 hours. Without these, a new code every minute would give an
 * attacker about 5 guesses a minute for ever: an even chance at any account within a day.
 *
 * Every budget is kept per address (the lowercased email, which never changes for an account),
 * not per user id, so an address with no account (a reset decoy, migration 009) goes through the
 * same counts, answers and lock as an account's: verify-otp tells nobody which addresses have
 * accounts.
 */
import type { Db } from '../db/index.ts'
import { ApiError } from '../lib/errors.ts'
import type { AppContext } from '../context.ts'
import { ACCOUNT_RULES, MESSAGES, codeFlowLockedMail, codeFlowLockedMessage } from './messages.ts'
import { newUnlockLink } from './unlock.ts'

export type CodePurpose = 'signup' | 'reset'

/** Whose code is guessed: its address (lowercased email) and account, null for a decoy. */
export interface CodeOwner {
  address: string
  userId: number | null
}

/** 423 CODE_ENTRY_LOCKED `{ retry_after_seconds }` for a flow locked until `until`. */
function codeFlowLocked(purpose: CodePurpose, until: string, now: Date): ApiError {
  const ms = Math.max(0, Date.parse(until) - now.getTime())
  return new ApiError(
    423,
    'CODE_ENTRY_LOCKED',
    codeFlowLockedMessage(purpose, Math.max(1, Math.ceil(ms / 3_600_000))),
    { retry_after_seconds: Math.ceil(ms / 1000) },
  )
}

/**
 * The end of the lock on `address`'s (lowercased email) `purpose` flow as ISO text, or null when
 * it is open at `now`.
 */
export async function codeFlowLockedUntil(
  db: Db,
  address: string,
  purpose: CodePurpose,
  now: Date,
): Promise<string | null> {
  const row = await db
    .selectFrom('otp_flow_locks')
    .select('locked_until')
    .where('address', '=', address)
    .where('purpose', '=', purpose)
    .executeTakeFirst()
  return row && row.locked_until > now.toISOString() ? row.locked_until : null
}

/** Throws 423 CODE_ENTRY_LOCKED while `address`'s `purpose` flow is locked at `now`. */
export async function assertCodeFlowOpen(
  db: Db,
  address: string,
  purpose: CodePurpose,
  now: Date,
): Promise<void> {
  const until = await codeFlowLockedUntil(db, address, purpose, now)
  if (until) throw codeFlowLocked(purpose, until, now)
}

const windowStart = (now: Date) =>
  new Date(now.getTime() - ACCOUNT_RULES.budgetWindowMs).toISOString()

/**
 * Reserves one guess of the wrong-code budget before a code is compared (so parallel guesses
 * cannot overspend it): a guess row is written, then the rows of the last 24 hours are counted.
 * Returns the row's id and the count including it. Over the budget (a race past the 10th) the row
 * is withdrawn, the flow locked and 423 CODE_ENTRY_LOCKED thrown.
 */
export async function reserveGuess(
  ctx: AppContext,
  owner: CodeOwner,
  purpose: CodePurpose,
): Promise<{ id: number; count: number }> {
  const now = ctx.now()
  const row = await ctx.db
    .insertInto('otp_guesses')
    .values({ address: owner.address, purpose, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  const count = await wrongGuessCount(ctx.db, owner.address, purpose, now)
  if (count > ACCOUNT_RULES.maxWrongCodesPerDay) {
    await forgiveGuess(ctx.db, row.id)
    throw await lockCodeFlow(ctx, owner, purpose)
  }
  return { id: row.id, count }
}

/** Withdraws a reserved guess: the code was right, or it was never compared. */
export async function forgiveGuess(db: Db, guessId: number): Promise<void> {
  await db.deleteFrom('otp_guesses').where('id', '=', guessId).execute()
}

/** Wrong guesses for `address`'s `purpose` flow in the 24 hours before `now`. */
async function wrongGuessCount(
  db: Db,
  address: string,
  purpose: CodePurpose,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('otp_guesses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address', '=', address)
    .where('purpose', '=', purpose)
    .where('created_at', '>', windowStart(now))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * After a wrong guess that was number `count` in 24 hours: at the 10th the flow is locked for 24
 * hours and the 423 CODE_ENTRY_LOCKED to answer is returned; before it, null.
 */
export async function afterWrongGuess(
  ctx: AppContext,
  owner: CodeOwner,
  purpose: CodePurpose,
  count: number,
): Promise<ApiError | null> {
  if (count < ACCOUNT_RULES.maxWrongCodesPerDay) return null
  return lockCodeFlow(ctx, owner, purpose)
}

/**
 * Locks `purpose` for the owner's address for 24 hours from now, unless a lock already runs, and
 * mails the account's owner once per lock (in the background; a decoy has nobody to mail).
 * Returns the 423 for the lock in force.
 */
async function lockCodeFlow(
  ctx: AppContext,
  owner: CodeOwner,
  purpose: CodePurpose,
): Promise<ApiError> {
  const now = ctx.now()
  const nowText = now.toISOString()
  const until = new Date(now.getTime() + ACCOUNT_RULES.codeFlowLockMs).toISOString()
  // Only an expired lock is replaced, so racing 10th guesses lock (and mail) once.
  const placed = await ctx.db
    .insertInto('otp_flow_locks')
    .values({ address: owner.address, purpose, locked_until: until, created_at: nowText })
    .onConflict((oc) =>
      oc
        .columns(['address', 'purpose'])
        .doUpdateSet({ locked_until: until, created_at: nowText })
        .where('otp_flow_locks.locked_until', '<=', nowText),
    )
    .returning('locked_until')
    .executeTakeFirst()
  if (placed) {
    const userId = owner.userId
    if (userId !== null) {
      ctx.background.run('code lock notice', async () => {
        const link = await newUnlockLink(ctx, { id: userId, email: owner.address })
        await ctx.mailer.send({
          to: owner.address,
          subject: MESSAGES.codeFlowLockedSubject,
          text: codeFlowLockedMail(purpose, new Date(until), link),
        })
      })
    }
    return codeFlowLocked(purpose, until, now)
  }
  const current = await codeFlowLockedUntil(ctx.db, owner.address, purpose, now)
  return codeFlowLocked(purpose, current ?? until, now)
}

/**
 * Whether another code of `purpose` may be stored for `address` (lowercased email) at `now`: fewer
 * than 10 were stored in the last 24 hours, decoys included (docs/product.md#security).
 */
export async function underDailyCodeCap(
  db: Db,
  address: string,
  purpose: CodePurpose,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('otp_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address', '=', address)
    .where('purpose', '=', purpose)
    .where('created_at', '>', windowStart(now))
    .executeTakeFirstOrThrow()
  return Number(row.n) < ACCOUNT_RULES.maxCodesPerDay
}
