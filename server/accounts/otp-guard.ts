/**
 * The per-account budgets of one-time codes (DECISIONS §7): at most 10 wrong codes per account
 * and purpose (signup or reset) in 24 hours, across all codes and IPs; the 10th locks that flow
 * for 24 hours (even a right code is refused) and mails the owner. At most 10 codes of a purpose
 * are mailed to one account in 24 hours. Without these, a new code every minute would give an
 * attacker about 5 guesses a minute for ever: an even chance at any account within a day.
 */
import type { Db } from '../db/index.ts'
import { ApiError } from '../lib/errors.ts'
import type { AppContext } from '../context.ts'
import { ACCOUNT_RULES, MESSAGES, codeFlowLockedMail, codeFlowLockedMessage } from './messages.ts'

export type CodePurpose = 'signup' | 'reset'

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

/** The end of the lock on `userId`'s `purpose` flow as ISO text, or null when it is open at `now`. */
export async function codeFlowLockedUntil(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<string | null> {
  const row = await db
    .selectFrom('otp_flow_locks')
    .select('locked_until')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst()
  return row && row.locked_until > now.toISOString() ? row.locked_until : null
}

/** Throws 423 CODE_ENTRY_LOCKED while `userId`'s `purpose` flow is locked at `now`. */
export async function assertCodeFlowOpen(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<void> {
  const until = await codeFlowLockedUntil(db, userId, purpose, now)
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
  owner: { userId: number; email: string },
  purpose: CodePurpose,
): Promise<{ id: number; count: number }> {
  const now = ctx.now()
  const row = await ctx.db
    .insertInto('otp_guesses')
    .values({ user_id: owner.userId, purpose, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  const count = await wrongGuessCount(ctx.db, owner.userId, purpose, now)
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

/** Wrong guesses for `userId`'s `purpose` flow in the 24 hours before `now`. */
async function wrongGuessCount(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('otp_guesses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
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
  owner: { userId: number; email: string },
  purpose: CodePurpose,
  count: number,
): Promise<ApiError | null> {
  if (count < ACCOUNT_RULES.maxWrongCodesPerDay) return null
  return lockCodeFlow(ctx, owner, purpose)
}

/**
 * Locks `purpose` for the owner for 24 hours from now, unless a lock already runs, and mails the
 * owner once per lock (in the background). Returns the 423 for the lock in force.
 */
async function lockCodeFlow(
  ctx: AppContext,
  owner: { userId: number; email: string },
  purpose: CodePurpose,
): Promise<ApiError> {
  const now = ctx.now()
  const nowText = now.toISOString()
  const until = new Date(now.getTime() + ACCOUNT_RULES.codeFlowLockMs).toISOString()
  // Only an expired lock is replaced, so racing 10th guesses lock (and mail) once.
  const placed = await ctx.db
    .insertInto('otp_flow_locks')
    .values({ user_id: owner.userId, purpose, locked_until: until, created_at: nowText })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'purpose'])
        .doUpdateSet({ locked_until: until, created_at: nowText })
        .where('otp_flow_locks.locked_until', '<=', nowText),
    )
    .returning('locked_until')
    .executeTakeFirst()
  if (placed) {
    ctx.background.run('code lock notice', () =>
      ctx.mailer.send({
        to: owner.email,
        subject: MESSAGES.codeFlowLockedSubject,
        text: codeFlowLockedMail(purpose, new Date(until)),
      }),
    )
    return codeFlowLocked(purpose, until, now)
  }
  const current = await codeFlowLockedUntil(ctx.db, owner.userId, purpose, now)
  return codeFlowLocked(purpose, current ?? until, now)
}

/**
 * Whether another code of `purpose` may be mailed to `userId` at `now`: fewer than 10 were sent in
 * the last 24 hours (DECISIONS §7).
 */
export async function underDailyCodeCap(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('otp_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', windowStart(now))
    .executeTakeFirstOrThrow()
  return Number(row.n) < ACCOUNT_RULES.maxCodesPerDay
}
