/**
 * The coin ledger (docs/product.md#units), its one writer: every row of `ledger_entries` is
 * inserted here, with its change of `users.points`, so the ledger always sums to the balance. The
 * database's CHECK (points >= 0) refuses a negative balance.
 *
 * - `postLedgerEntry`: any movement, in the caller's transaction.
 * - A video reward (its ledger row and its `video_rewards` row) in two forms, which write the same
 *   rows: `creditVideoReward` in the caller's transaction, the user's row locked;
 *   `creditVideoRewardIfUnchanged`, PostgreSQL's one statement (server/db/reward-credit.ts), which
 *   writes them with the view and the claim's key and answer only while the user's row is still at
 *   the version the claim was judged on, and writes nothing on SQLite, which has no row versions.
 */
import { sql, type Insertable } from 'kysely'
import type { Db, Tx } from '../db/index.ts'
import { isCheckViolation } from '../db/index.ts'
import { creditRewardIfUnchanged } from '../db/reward-credit.ts'
import type { LedgerEntriesTable, LedgerKind, LedgerStatus } from '../db/schema/earning.ts'
import { ApiError, badRequest, notFound } from '../lib/errors.ts'
import { MAX_REQUEST_RUPEES } from '../../contract/api/common.ts'

export interface LedgerEntryInput {
  userId: number
  kind: LedgerKind
  /** Signed integer coins; 0 for informational rows. */
  coins: number
  status: LedgerStatus
  description: string
  /** Whole rupees, for informational rows (fee and deposit payments). */
  rupees?: number | null
  reference?: string | null
  /** Unique per user; a second row with the same key is refused by the database. */
  idempotencyKey?: string | null
  videoId?: number | null
  orderId?: number | null
  withdrawalId?: number | null
  relatedUserId?: number | null
  rewardDay?: string | null
  at: Date
}

export class InsufficientBalanceError extends ApiError {
  constructor() {
    super(400, 'INSUFFICIENT_BALANCE', 'Your balance is too low for this amount.')
  }
}

/**
 * Appends one ledger row and moves `users.points` by its coins, in `tx`.
 * Returns the row id and the new balance (coins).
 * Throws InsufficientBalanceError (400) when the balance would go below 0; 404 for an unknown user.
 */
export async function postLedgerEntry(
  tx: Tx,
  entry: LedgerEntryInput,
): Promise<{ id: number; points: number }> {
  if (!Number.isInteger(entry.coins))
    throw new Error(`coins must be an integer, got ${entry.coins}`)
  let points: number
  try {
    const row = await tx
      .updateTable('users')
      .set({ points: sql`points + ${entry.coins}` })
      .where('id', '=', entry.userId)
      .returning('points')
      .executeTakeFirst()
    if (!row) throw notFound('USER_NOT_FOUND', 'No such user.')
    points = row.points
  } catch (error) {
    if (isCheckViolation(error)) throw new InsufficientBalanceError()
    throw error
  }
  const inserted = await tx
    .insertInto('ledger_entries')
    .values(ledgerRow(entry, entry.at.toISOString()))
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: inserted.id, points }
}

/** The `ledger_entries` row of `entry`, created and updated at `at` (ISO). */
function ledgerRow(
  entry: Omit<LedgerEntryInput, 'at'>,
  at: string,
): Insertable<LedgerEntriesTable> {
  return {
    user_id: entry.userId,
    kind: entry.kind,
    coins: entry.coins,
    rupees: entry.rupees ?? null,
    status: entry.status,
    description: entry.description,
    reference: entry.reference ?? null,
    idempotency_key: entry.idempotencyKey ?? null,
    video_id: entry.videoId ?? null,
    order_id: entry.orderId ?? null,
    withdrawal_id: entry.withdrawalId ?? null,
    related_user_id: entry.relatedUserId ?? null,
    reward_day: entry.rewardDay ?? null,
    created_at: at,
    updated_at: at,
  }
}

/** A judged video reward to credit. */
export interface VideoReward {
  userId: number
  /** Coins credited (the user's plan's coins per video). */
  coins: number
  videoId: number
  /** India day of the watch time, 'YYYY-MM-DD' (one reward per user, video and day). */
  day: string
  /** When the timer completed. */
  watchedAt: Date
  /** The play time the app reported, ms; null: none. */
  playedMs: number | null
  /** The claim's Idempotency-Key as stored (`client:KEY`), kept on the ledger row for good. */
  key: string
  /** When the rows are written. */
  at: Date
}

/** The ledger row's description of a reward for `videoId`. */
const rewardDescription = (videoId: number) => `Reward for watching video ${videoId}`

/**
 * Credits `reward` in `tx`, whose caller holds the user's row lock (docs/product.md#rewards): the
 * ledger row (`video_reward`, confirmed, with the key) and the balance (`postLedgerEntry`), then
 * the reward row. Resolves the new balance (coins). Throws 404 USER_NOT_FOUND; a second reward of
 * the video on the same India day is refused by the database (a unique violation).
 */
export async function creditVideoReward(tx: Tx, reward: VideoReward): Promise<{ points: number }> {
  const posted = await postLedgerEntry(tx, {
    userId: reward.userId,
    kind: 'video_reward',
    coins: reward.coins,
    status: 'confirmed',
    description: rewardDescription(reward.videoId),
    idempotencyKey: reward.key,
    videoId: reward.videoId,
    rewardDay: reward.day,
    at: reward.at,
  })
  await tx
    .insertInto('video_rewards')
    .values({
      user_id: reward.userId,
      video_id: reward.videoId,
      india_day: reward.day,
      watched_at: reward.watchedAt.toISOString(),
      ledger_entry_id: posted.id,
      played_ms: reward.playedMs,
    })
    .execute()
  return { points: posted.points }
}

/**
 * Credits `reward` without a transaction or a lock, in one statement, while the user's row is
 * still at `version` (as `rowVersion` read it with the claim's facts): the rows
 * `creditVideoReward` writes, one more view, and the claim's key done with `answer` (status 200,
 * the JSON body) for `route` and the request's `hash`. Resolves the new balance (coins) and views,
 * or null having written nothing: the row moved, the key was taken meanwhile, or `version` is null
 * (SQLite). The caller then credits under the row's lock.
 */
export async function creditVideoRewardIfUnchanged(
  db: Db,
  reward: VideoReward,
  judged: { version: string | null; route: string; hash: string; answer: string },
): Promise<{ points: number; views: number } | null> {
  return creditRewardIfUnchanged(db, {
    userId: reward.userId,
    version: judged.version,
    coins: reward.coins,
    videoId: reward.videoId,
    day: reward.day,
    watchedAt: reward.watchedAt.toISOString(),
    playedMs: reward.playedMs,
    description: rewardDescription(reward.videoId),
    key: reward.key,
    route: judged.route,
    hash: judged.hash,
    answer: judged.answer,
    at: reward.at.toISOString(),
  })
}

/**
 * Moves the status (and UPI reference) of existing ledger rows on; coins never change.
 * Used when a withdrawal's hold is paid (confirmed) or failed.
 */
export async function settleLedgerEntries(
  tx: Tx,
  where: { withdrawalId: number },
  status: LedgerStatus,
  reference: string | null,
  at: Date,
): Promise<void> {
  await tx
    .updateTable('ledger_entries')
    .set({ status, reference, updated_at: at.toISOString() })
    .where('withdrawal_id', '=', where.withdrawalId)
    .where('kind', 'in', ['withdrawal_hold', 'transfer_fee'])
    .where('status', '=', 'pending')
    .execute()
}

/** Whether the user already has a ledger row with this key. */
export async function hasLedgerKey(tx: Tx, userId: number, key: string): Promise<boolean> {
  const row = await tx
    .selectFrom('ledger_entries')
    .select('id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * `value` as whole rupees: a JSON number that is a positive integer up to MAX_REQUEST_RUPEES.
 * Text, booleans, arrays and fractions are refused, never converted (docs/product.md#units).
 * Throws 400 VALIDATION `{ field }`. The route's schema refuses them first; this keeps the rule
 * where the money moves.
 */
export function assertWholeRupees(value: unknown, field: string): number {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value <= 0 ||
    value > MAX_REQUEST_RUPEES
  ) {
    throw badRequest('VALIDATION', `${field} must be a whole number of rupees.`, { field })
  }
  return value
}
