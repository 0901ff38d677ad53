/**
 * Guess budgets (docs/product.md#security): 5 wrong guesses in a row lock a subject for 15 minutes, each later
 * lock twice as long as the one before, never longer than 24 hours; while locked even the right
 * secret is refused. A subject is what is guessed: a user's PIN, an address with no account (kept
 * exactly like an account's, so the answers tell nobody which exist) or a console login.
 *
 * A guess takes its slot before it is checked, in one conditional upsert that fails while the
 * subject is locked; the guess that takes the 5th slot places the lock at once. So a burst of any
 * size, on any number of instances sharing the database, checks at most 5 guesses per lock. A right
 * guess then clears the budget (and the lock its own slot placed); a wrong 5th guess answers 423.
 */
import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import { ApiError } from '../lib/errors.ts'
import { ACCOUNT_RULES, accountLockedMessage } from './messages.ts'

/** The length of lock number `lockCount + 1` in ms: 15 min × 2^lockCount, at most 24 hours. */
export function lockDurationMs(lockCount: number): number {
  // 2^7 × 15 min already exceeds 24 h; the exponent is bounded so the product stays finite.
  const doubled = ACCOUNT_RULES.firstLockMs * 2 ** Math.min(Math.max(lockCount, 0), 16)
  return Math.min(doubled, ACCOUNT_RULES.maxLockMs)
}

/** The lock counts after which the lock length stops doubling (the 24-hour cap is reached). */
const CAPPED_LOCK_COUNT = Math.ceil(Math.log2(ACCOUNT_RULES.maxLockMs / ACCOUNT_RULES.firstLockMs))

/** 423 ACCOUNT_LOCKED `{ retry_after_seconds }` for a lock ending at `lockedUntil`. */
export function accountLocked(lockedUntil: string, now: Date): ApiError {
  const ms = Math.max(0, Date.parse(lockedUntil) - now.getTime())
  return new ApiError(423, 'ACCOUNT_LOCKED', accountLockedMessage(Math.ceil(ms / 60_000)), {
    retry_after_seconds: Math.ceil(ms / 1000),
  })
}

/** A slot taken for one guess: `lockedUntil` is set when this guess was the last of the budget. */
export interface GuessSlot {
  subject: string
  /** The lock this slot placed (ISO time), to be kept if the guess is wrong; null otherwise. */
  lockedUntil: string | null
}

/**
 * Takes one guess's slot of `subject`'s budget at `now`, before the guess is checked. The 5th slot
 * in a row locks the subject (for `lockDurationMs(lock_count)`) in the same statement.
 * Throws 423 ACCOUNT_LOCKED `{ retry_after_seconds }` while the subject is locked: the guess is
 * then not checked at all.
 */
export async function takeGuessSlot(db: Db, subject: string, now: Date): Promise<GuessSlot> {
  const nowText = now.toISOString()
  const max = ACCOUNT_RULES.maxFailedLogins
  // The lock's end for each lock count up to the cap, computed here so SQLite and PostgreSQL agree.
  const ends = Array.from({ length: CAPPED_LOCK_COUNT + 1 }, (_, count) =>
    new Date(now.getTime() + lockDurationMs(count)).toISOString(),
  )
  const lockEnd = sql<string>`case ${sql.join(
    ends
      .slice(0, -1)
      .map((end, count) => sql`when guess_budgets.lock_count = ${count} then ${end}`),
    sql` `,
  )} else ${ends.at(-1)} end`
  const last = sql<boolean>`guess_budgets.failed + 1 >= ${max}`
  const row = await db
    .insertInto('guess_budgets')
    .values({ subject, failed: 1, lock_count: 0, locked_until: null, updated_at: nowText })
    .onConflict((oc) =>
      oc
        .column('subject')
        .doUpdateSet({
          failed: sql`case when ${last} then 0 else guess_budgets.failed + 1 end`,
          lock_count: sql`case when ${last} then guess_budgets.lock_count + 1 else guess_budgets.lock_count end`,
          locked_until: sql`case when ${last} then ${lockEnd} else null end`,
          updated_at: nowText,
        })
        .where((eb) =>
          eb.or([
            eb('guess_budgets.locked_until', 'is', null),
            eb('guess_budgets.locked_until', '<=', nowText),
          ]),
        ),
    )
    .returning(['locked_until'])
    .executeTakeFirst()
  if (row) return { subject, lockedUntil: row.locked_until }
  const lock = await db
    .selectFrom('guess_budgets')
    .select('locked_until')
    .where('subject', '=', subject)
    .executeTakeFirst()
  // The lock ended between the two statements: the guess is refused all the same, without a check.
  throw accountLocked(lock?.locked_until ?? nowText, now)
}

/**
 * After a right guess: the budget of `subject` starts again (wrong guesses, the doubling and any
 * lock, the one the right guess's own slot placed included). Also what an unlock link does.
 */
export async function clearGuesses(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('guess_budgets').where('subject', '=', subject).execute()
}

/**
 * After a wrong guess in `slot`: 423 ACCOUNT_LOCKED when the slot was the budget's last (its lock
 * stands), else null (the caller answers its own 401).
 */
export function afterWrongGuess(slot: GuessSlot, now: Date): ApiError | null {
  return slot.lockedUntil ? accountLocked(slot.lockedUntil, now) : null
}

/**
 * Gives back a slot whose guess was never checked (the hash pool refused it): the wrong-guess count
 * goes down by one, or the lock this slot placed is lifted again. A lock placed since by another
 * guess stays.
 */
export async function giveBackGuessSlot(db: Db, slot: GuessSlot): Promise<void> {
  if (slot.lockedUntil) {
    await db
      .updateTable('guess_budgets')
      .set((eb) => ({
        failed: ACCOUNT_RULES.maxFailedLogins - 1,
        lock_count: eb('lock_count', '-', 1),
        locked_until: null,
      }))
      .where('subject', '=', slot.subject)
      .where('locked_until', '=', slot.lockedUntil)
      .execute()
    return
  }
  await db
    .updateTable('guess_budgets')
    .set((eb) => ({ failed: eb('failed', '-', 1) }))
    .where('subject', '=', slot.subject)
    .where('failed', '>', 0)
    .execute()
}

/**
 * Checks one guess against `subject`'s budget: takes its slot, runs `check` (the hash), and on a
 * wrong guess keeps the slot (the 5th places the lock); on a right one clears the budget. A check
 * that never ran (503 HASHING_BUSY) gives its slot back.
 * Returns whether the guess was right; throws 423 ACCOUNT_LOCKED `{ retry_after_seconds }` while
 * the subject is locked or when this guess was the 5th wrong one (then `onLocked(lockedUntil)` is
 * called once, to mail the owner), and whatever `check` throws.
 */
export async function checkGuess(
  db: Db,
  subject: string,
  now: Date,
  check: () => Promise<boolean>,
  onLocked: (lockedUntil: Date) => void = () => {},
): Promise<boolean> {
  const slot = await takeGuessSlot(db, subject, now)
  let right: boolean
  try {
    right = await check()
  } catch (error) {
    await giveBackGuessSlot(db, slot)
    throw error
  }
  if (right) {
    await clearGuesses(db, subject)
    return true
  }
  const locked = afterWrongGuess(slot, now)
  if (locked) {
    onLocked(new Date(slot.lockedUntil!))
    throw locked
  }
  return false
}
