/**
 * The one-statement credit of a video reward, PostgreSQL's form of the ledger writer's reward
 * credit (server/earning/ledger.ts `creditVideoRewardIfUnchanged`, its only caller): the balance
 * and the view, the ledger row, the reward row and the claim's Idempotency-Key with its answer,
 * written by one PostgreSQL statement (data-modifying WITH clauses) while the user's row is still
 * at the version the claim was judged on (row-version.ts). One statement is one transaction and
 * one round trip: no BEGIN or COMMIT, and no lock held between round trips. SQLite has no row
 * versions and no data-modifying WITH clauses; it never runs this statement.
 */
import { sql } from 'kysely'
import { compiledOnce, type CompiledParam } from './compiled.ts'
import { isUniqueViolation, type Db } from './index.ts'

/** A judged video reward claim to write, with the user's row version it was judged on. */
export interface RewardCredit {
  userId: number
  /** The user's row version as read with the claim's facts (`rowVersion`); null: SQLite. */
  version: string | null
  /** Coins credited (the plan's coins per video). */
  coins: number
  videoId: number
  /** India day of the watch time, 'YYYY-MM-DD'. */
  day: string
  /** The watch time, ISO. */
  watchedAt: string
  /** The play time the app reported, ms; null: none. */
  playedMs: number | null
  /** The ledger row's description. */
  description: string
  /** The claim's Idempotency-Key as stored (`client:KEY`), its route and request hash. */
  key: string
  route: string
  hash: string
  /** The key's answer (status 200), JSON text. */
  answer: string
  /** ISO time of the writes. */
  at: string
}

/**
 * The statement (compiled once): `credit` raises `users.points` by the coins and `users.views` by
 * one only where the row's `xmin` is still the version read; every other write is fed by its
 * RETURNING, so nothing is written when it matched no row. The key's row is inserted without
 * ON CONFLICT: a key taken meanwhile fails the whole statement. A concurrent write of the user's
 * row makes this one wait for it, then find the version changed and write nothing.
 */
const creditStatement = compiledOnce(
  (db: Db, param: CompiledParam<Omit<RewardCredit, 'version'> & { version: string }>) =>
    db
      .with('credit', (qc) =>
        qc
          .updateTable('users')
          .set({ points: sql`points + ${param('coins')}`, views: sql`views + 1` })
          .where('id', '=', param('userId'))
          .where(sql`xmin`, '=', sql<string>`${param('version')}::xid`)
          .returning(['id', 'points', 'views']),
      )
      .with('answer', (qc) =>
        qc
          .insertInto('idempotency_keys')
          .columns([
            'user_id',
            'key',
            'route',
            'request_hash',
            'state',
            'response_status',
            'response_body',
            'created_at',
            'updated_at',
          ])
          .expression((eb) =>
            eb
              .selectFrom('credit')
              .select([
                'credit.id',
                eb.val(param('key')).as('key'),
                eb.val(param('route')).as('route'),
                eb.val(param('hash')).as('request_hash'),
                sql<'done'>`'done'`.as('state'),
                sql<number>`200`.as('response_status'),
                eb.val(param('answer')).as('response_body'),
                eb.val(param('at')).as('created_at'),
                eb.val(param('at')).as('updated_at'),
              ]),
          ),
      )
      .with('entry', (qc) =>
        qc
          .insertInto('ledger_entries')
          .columns([
            'user_id',
            'kind',
            'coins',
            'status',
            'description',
            'idempotency_key',
            'video_id',
            'reward_day',
            'created_at',
            'updated_at',
          ])
          .expression((eb) =>
            eb
              .selectFrom('credit')
              .select([
                'credit.id',
                sql<'video_reward'>`'video_reward'`.as('kind'),
                eb.val(param('coins')).as('coins'),
                sql<'confirmed'>`'confirmed'`.as('status'),
                eb.val(param('description')).as('description'),
                eb.val(param('key')).as('idempotency_key'),
                eb.val(param('videoId')).as('video_id'),
                eb.val(param('day')).as('reward_day'),
                eb.val(param('at')).as('created_at'),
                eb.val(param('at')).as('updated_at'),
              ]),
          )
          .returning(['id', 'user_id', 'video_id', 'reward_day']),
      )
      .with('reward', (qc) =>
        qc
          .insertInto('video_rewards')
          .columns([
            'user_id',
            'video_id',
            'india_day',
            'watched_at',
            'ledger_entry_id',
            'played_ms',
          ])
          .expression((eb) =>
            eb
              .selectFrom('entry')
              .select([
                'entry.user_id',
                'entry.video_id',
                'entry.reward_day',
                sql<string>`${param('watchedAt')}::text`.as('watched_at'),
                'entry.id',
                sql<number | null>`${param('playedMs')}::integer`.as('played_ms'),
              ]),
          ),
      )
      .selectFrom('credit')
      .select(['credit.points', 'credit.views']),
)

/**
 * Writes `credit` in one statement if the user's row is still at `credit.version`. Resolves the
 * new balance (coins) and views, or null having written nothing: the row moved since it was read,
 * the key was taken meanwhile (by a request with the same key), or `credit.version` is null
 * (SQLite). The caller then judges the claim again under the row's lock.
 */
export async function creditRewardIfUnchanged(
  db: Db,
  credit: RewardCredit,
): Promise<{ points: number; views: number } | null> {
  const { version } = credit
  if (version === null) return null
  try {
    const [row] = (await creditStatement(db, { ...credit, version })).rows
    return row ?? null
  } catch (error) {
    if (isUniqueViolation(error)) return null
    throw error
  }
}
