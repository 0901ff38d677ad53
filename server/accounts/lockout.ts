/**
 * The account lockout of DECISIONS §7: 5 wrong PINs in a row lock the account for 15 minutes,
 * each later lock twice as long as the one before, never longer than 24 hours. While locked even
 * the right PIN is refused. The owner is mailed on each lock with the way back (a PIN reset); a
 * successful login or a completed PIN reset clears it.
 */
import type { Db } from '../db/index.ts'
import { ApiError } from '../lib/errors.ts'
import { isoAfter } from '../lib/time.ts'
import { ACCOUNT_RULES, accountLockedMessage } from './messages.ts'

/** The length of lock number `lockCount + 1` in ms: 15 min × 2^lockCount, at most 24 hours. */
export function lockDurationMs(lockCount: number): number {
  // 2^7 × 15 min already exceeds 24 h; the exponent is bounded so the product stays finite.
  const doubled = ACCOUNT_RULES.firstLockMs * 2 ** Math.min(Math.max(lockCount, 0), 16)
  return Math.min(doubled, ACCOUNT_RULES.maxLockMs)
}

/** 423 ACCOUNT_LOCKED `{ retry_after_seconds }` for a lock ending at `lockedUntil`. */
export function accountLocked(lockedUntil: string, now: Date): ApiError {
  const ms = Math.max(0, Date.parse(lockedUntil) - now.getTime())
  return new ApiError(423, 'ACCOUNT_LOCKED', accountLockedMessage(Math.ceil(ms / 60_000)), {
    retry_after_seconds: Math.ceil(ms / 1000),
  })
}

/** Throws 423 ACCOUNT_LOCKED while `user.locked_until` lies after `now`. */
export function assertNotLocked(user: { locked_until: string | null }, now: Date): void {
  if (user.locked_until !== null && user.locked_until > now.toISOString()) {
    throw accountLocked(user.locked_until, now)
  }
}

/**
 * Counts one wrong PIN for `userId`. On the 5th in a row the account is locked (failed count back
 * to 0, lock count + 1), `onLocked(lockedUntil)` is called once for that lock (to mail the owner)
 * and the 423 to answer is returned; otherwise null. Wrong PINs that race with the lock are not
 * counted: they get the same 423.
 */
export async function recordFailedLogin(
  db: Db,
  userId: number,
  now: Date,
  onLocked: (lockedUntil: Date) => void = () => {},
): Promise<ApiError | null> {
  const nowText = now.toISOString()
  const row = await db
    .updateTable('users')
    .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowText)]))
    .returning(['failed_logins', 'lock_count'])
    .executeTakeFirst()
  if (!row) return currentLock(db, userId, now)
  if (row.failed_logins < ACCOUNT_RULES.maxFailedLogins) return null
  const lockedUntil = isoAfter(now, lockDurationMs(row.lock_count))
  // Only one of several racing wrong PINs locks: the lock count must still be the one read.
  const locked = await db
    .updateTable('users')
    .set({ failed_logins: 0, lock_count: row.lock_count + 1, locked_until: lockedUntil })
    .where('id', '=', userId)
    .where('lock_count', '=', row.lock_count)
    .where('failed_logins', '>=', ACCOUNT_RULES.maxFailedLogins)
    .executeTakeFirst()
  if (Number(locked.numUpdatedRows) === 1) {
    onLocked(new Date(lockedUntil))
    return accountLocked(lockedUntil, now)
  }
  return currentLock(db, userId, now)
}

/** The 423 for the user's lock as stored now, or null when the account is not locked. */
async function currentLock(db: Db, userId: number, now: Date): Promise<ApiError | null> {
  const user = await db
    .selectFrom('users')
    .select('locked_until')
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user?.locked_until || user.locked_until <= now.toISOString()) return null
  return accountLocked(user.locked_until, now)
}

/** Clears the wrong-PIN count, the lock and the doubling (successful login, PIN reset). */
export async function clearLockout(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_logins: 0, locked_until: null, lock_count: 0 })
    .where('id', '=', userId)
    .execute()
}
