/**
 * The writes of a credited video reward (DECISIONS §4–6): the balance, its ledger row, the reward
 * row and the claim's idempotent answer. On PostgreSQL they are one statement (data-modifying
 * WITH clauses), since each statement inside the transaction that holds the user's row is a round
 * trip to another process that every claim of that user waits on; SQLite runs them one by one
 * through `postLedgerEntry` (it is in-process, and has no data-modifying WITH clauses).
 */
import { sql } from 'kysely'
import type { Db, Tx } from '../db/index.ts'
import { compiledOnce, type CompiledParam } from '../db/compiled.ts'
import { isUniqueViolation } from '../db/index.ts'
import { conflict } from '../lib/errors.ts'
import type { AppContext } from '../context.ts'
import { storeAnswer, type HandlerAnswer } from './idempotency.ts'
import { ledgerRow, postLedgerEntry, type LedgerEntryInput } from './ledger.ts'
import type { RewardCredited } from '../../src/shared/contract/earning.ts'

/** What `creditReward` writes: the claim as judged, with the user's row as locked. */
export interface RewardCredit {
  userId: number
  videoId: number
  /** India day of the watch time, 'YYYY-MM-DD'. */
  day: string
  watchedAt: Date
  coins: number
  /** The user's balance (coins) and views, read by the statement that locked the row. */
  points: number
  views: number
  /** The claim's Idempotency-Key as stored (on the ledger row, and whose answer this is). */
  key: string
  at: Date
}

/**
 * PostgreSQL's credit in one statement (compiled once): the balance, the ledger row, the reward
 * row (its user, video and day from the ledger row) and the key's answer (`answer`, JSON text);
 * answers the new balance as `points`.
 */
const creditStatement = compiledOnce(
  (
    db: Db,
    param: CompiledParam<{
      userId: number
      coins: number
      videoId: number
      day: string
      watchedAt: string
      key: string
      description: string
      answer: string
      at: string
    }>,
  ) =>
    db
      .with('credit', (qc) =>
        qc
          .updateTable('users')
          .set({ points: sql`points + ${param('coins')}` })
          .where('id', '=', param('userId'))
          .returning('points'),
      )
      .with('entry', (qc) =>
        qc
          .insertInto('ledger_entries')
          .values(
            ledgerRow(
              {
                userId: param('userId'),
                kind: 'video_reward',
                coins: param('coins'),
                status: 'confirmed',
                description: param('description'),
                idempotencyKey: param('key'),
                videoId: param('videoId'),
                rewardDay: param('day'),
              },
              param('at'),
            ),
          )
          .returning(['id', 'user_id', 'video_id', 'reward_day']),
      )
      .with('reward', (qc) =>
        qc
          .insertInto('video_rewards')
          .columns(['user_id', 'video_id', 'india_day', 'watched_at', 'ledger_entry_id'])
          .expression((eb) =>
            eb
              .selectFrom('entry')
              .select([
                'entry.user_id',
                'entry.video_id',
                'entry.reward_day',
                sql<string>`${param('watchedAt')}::text`.as('watched_at'),
                'entry.id',
              ]),
          ),
      )
      .with('answer', (qc) =>
        storeAnswer(qc, {
          userId: param('userId'),
          key: param('key'),
          status: 200,
          json: param('answer'),
          at: param('at'),
        }),
      )
      .selectFrom('credit')
      .select('credit.points'),
)

/** 409 ALREADY_REWARDED: one reward per user, video and India day (DECISIONS §6). */
export function alreadyRewarded() {
  return conflict('ALREADY_REWARDED', 'You have already been rewarded for this video today.')
}

/**
 * Credits `credit.coins` in `tx`, which holds the user's row (so the new balance is
 * `credit.points + credit.coins`), and returns the claim's answer, 200 `{ data: RewardCredited }`.
 * On PostgreSQL the answer is stored as the key's in the same statement (`answerStored`).
 * Throws 409 ALREADY_REWARDED when the reward row exists after all (the unique key refuses it).
 */
export async function creditReward(
  ctx: AppContext,
  tx: Tx,
  credit: RewardCredit,
): Promise<HandlerAnswer<{ data: RewardCredited }>> {
  const { userId, videoId, coins } = credit
  const entry: LedgerEntryInput = {
    userId,
    kind: 'video_reward',
    coins,
    status: 'confirmed',
    description: `Reward for watching video ${videoId}`,
    idempotencyKey: credit.key,
    videoId,
    rewardDay: credit.day,
    at: credit.at,
  }
  const answer = {
    status: 200,
    body: {
      data: {
        message: 'Reward credited.' as const,
        coins,
        points: credit.points + coins,
        views: credit.views,
      },
    },
  }
  const watchedAt = credit.watchedAt.toISOString()
  try {
    if (ctx.engine === 'sqlite') {
      const posted = await postLedgerEntry(tx, entry)
      await tx
        .insertInto('video_rewards')
        .values({
          user_id: userId,
          video_id: videoId,
          india_day: credit.day,
          watched_at: watchedAt,
          ledger_entry_id: posted.id,
        })
        .execute()
      answer.body.data.points = posted.points
      return answer
    }
    const [row] = (
      await creditStatement(tx, {
        userId,
        coins,
        videoId,
        day: credit.day,
        watchedAt,
        key: credit.key,
        description: entry.description,
        answer: JSON.stringify(answer.body),
        at: credit.at.toISOString(),
      })
    ).rows
    // The row was locked by this transaction before the coins were read: nothing else moved it.
    if (row?.points !== answer.body.data.points) {
      throw new Error(`balance of user ${userId} moved under its lock`)
    }
    return { ...answer, answerStored: true }
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRewarded()
    throw error
  }
}
