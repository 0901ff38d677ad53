/**
 * The writes of a credited video reward (DECISIONS §4–6): the balance, its ledger row, the reward
 * row and the claim's idempotent answer. On PostgreSQL they are one statement (data-modifying
 * WITH clauses), since each statement is a round trip to another process (and, on a small
 * machine, a switch of CPU to it); SQLite runs them one by one through `postLedgerEntry` (it is
 * in-process, and has no data-modifying WITH clauses).
 */
import { sql } from 'kysely'
import type { Db, Tx } from '../db/index.ts'
import { compiledOnce, type CompiledParam } from '../db/compiled.ts'
import { isUniqueViolation } from '../db/index.ts'
import { conflict } from '../lib/errors.ts'
import type { AppContext } from '../context.ts'
import { KeyReleased, storeAnswer, type HandlerAnswer } from './idempotency-hold.ts'
import { ledgerRow, postLedgerEntry, type LedgerEntryInput } from './ledger.ts'
import type { RewardCredited } from '../../contract/api/earning.ts'

/** What `creditReward` writes: the claim as judged, with the user's row it was judged on. */
export interface RewardCredit {
  userId: number
  videoId: number
  /** India day of the watch time, 'YYYY-MM-DD'. */
  day: string
  watchedAt: Date
  coins: number
  /** The user's balance (coins) as read before this credit. */
  points: number
  /** The user's views counting this claim's (on SQLite counted already by `countView`). */
  views: number
  /**
   * PostgreSQL: the version (`xmin`, as text) of the user's row that `points` and `views` and the
   * claim's facts were read from; the credit is written only while the row is still that version.
   */
  version?: string
  /** The claim's Idempotency-Key as stored (on the ledger row, and whose answer this is). */
  key: string
  at: Date
}

/**
 * PostgreSQL's credit in one statement (compiled once), so in one transaction of its own or as
 * the last write of the caller's: holds the claim's in-flight key (`held`, its row locked FOR
 * UPDATE), then, only while the user's row is still the `version` (xmin) the claim was judged on,
 * moves the balance and counts the view (`credit`), and writes the ledger row, the reward row and
 * the key's answer (`answer`, JSON text), each from the row before it. Answers `held` (1 when the
 * key was still in flight), and the new `points` and `views` (null: nothing was written, the
 * user's row had moved or the key was gone).
 * The version check is what lets a claim judged on an unlocked read be credited (`creditReward`):
 * every claim, credit and debit of the user writes the row, so an unchanged version means that
 * nothing the claim was judged on has changed since (its facts only grow by rows of such writes).
 */
const creditStatement = compiledOnce(
  (
    db: Db,
    param: CompiledParam<{
      userId: number
      version: string
      coins: number
      videoId: number
      day: string
      watchedAt: string
      key: string
      description: string
      answer: string
      at: string
    }>,
  ) => {
    const entry = ledgerRow(
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
    )
    const columns = Object.keys(entry) as Array<keyof typeof entry>
    return db
      .with('held', (qc) =>
        qc
          .selectFrom('idempotency_keys')
          .select('key')
          .where('user_id', '=', param('userId'))
          .where('key', '=', param('key'))
          .where('state', '=', 'in_flight')
          .forUpdate(),
      )
      .with('credit', (qc) =>
        qc
          .updateTable('users')
          .set({ points: sql`points + ${param('coins')}`, views: sql`views + 1` })
          .where('id', '=', param('userId'))
          .where(sql`xmin`, '=', sql<string>`${param('version')}::xid`)
          // A one-time filter, evaluated before the users row is scanned: the key is locked first.
          .where((eb) => eb.exists(eb.selectFrom('held').select('held.key')))
          .returning(['id', 'points', 'views']),
      )
      .with('entry', (qc) =>
        qc
          .insertInto('ledger_entries')
          .columns(columns)
          .expression((eb) =>
            eb
              .selectFrom('credit')
              .select(columns.map((column) => eb.val(entry[column]).as(column))),
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
        }).where(sql<boolean>`exists (select 1 from credit)`),
      )
      .selectNoFrom((eb) => [
        eb
          .selectFrom('held')
          .select((h) => h.fn.countAll<number>().as('n'))
          .as('held'),
        eb.selectFrom('credit').select('credit.points').as('points'),
        eb.selectFrom('credit').select('credit.views').as('views'),
      ])
  },
)

/** 409 ALREADY_REWARDED: one reward per user, video and India day (DECISIONS §6). */
export function alreadyRewarded() {
  return conflict('ALREADY_REWARDED', 'You have already been rewarded for this video today.')
}

/**
 * Credits `credit.coins` and returns the claim's answer, 200 `{ data: RewardCredited }`, stored
 * as the key's answer with the credit. On SQLite it writes in `db` (the caller's transaction,
 * which holds the key and counted the view). On PostgreSQL it is one statement
 * (`creditStatement`), which holds the key itself and counts the view, in `db`: a transaction that
 * locked the user's row at `credit.version`, or the pool for a claim judged on an unlocked read;
 * resolves null, having written nothing, when the user's row is no longer at `credit.version`.
 * Throws `KeyReleased` when the key is no longer in flight, 409 ALREADY_REWARDED when the reward
 * row exists after all (the unique key refuses it).
 */
export async function creditReward(
  ctx: AppContext,
  db: Db | Tx,
  credit: RewardCredit,
): Promise<(HandlerAnswer<{ data: RewardCredited }> & { answerStored: true }) | null> {
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
      const posted = await postLedgerEntry(db as Tx, entry)
      await db
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
      await storeAnswer(db, {
        userId,
        key: credit.key,
        status: answer.status,
        json: JSON.stringify(answer.body),
        at: credit.at.toISOString(),
      }).execute()
      return { ...answer, answerStored: true }
    }
    if (credit.version === undefined) throw new Error('a PostgreSQL credit needs the row version')
    const [row] = (
      await creditStatement(db, {
        userId,
        version: credit.version,
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
    if (Number(row?.held) !== 1) throw new KeyReleased()
    if (row?.points === null || row?.points === undefined) return null
    // The row was at the version the coins were read from: nothing else moved it.
    if (row.points !== answer.body.data.points || row.views !== credit.views) {
      throw new Error(`balance of user ${userId} moved at an unchanged version`)
    }
    return { ...answer, answerStored: true }
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRewarded()
    throw error
  }
}
