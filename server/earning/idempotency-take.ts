/**
 * Taking an Idempotency-Key (DECISIONS §6, issue 14) for server/earning/idempotency.ts
 * `runIdempotent`: the INSERT … ON CONFLICT DO NOTHING of the key, on PostgreSQL in one statement
 * with the read of a key already used (`takeKey`), and a precheck's refusal probe that also takes
 * the key, storing the refusal as its answer when the probe proves it (`refusalProbe`). Key rows
 * taken here go through `ctx.asyncCommitDb`.
 *
 * Which writes wait for the disk (issue 14, PostgreSQL): every transaction of `runIdempotent` commits with
 * `synchronous_commit = on`, so a credit, its ledger rows and the key's answer stored with them
 * are durable when the client hears of them. The key rows taken OUTSIDE a transaction go through
 * `ctx.asyncCommitDb` (commits that do not wait for the WAL flush; on SQLite the same database),
 * because losing one in a crash of the database server within its flush window (0.6 s by
 * default) is harmless:
 * - A key taken in flight before the handler's transaction: that transaction updates the same
 *   row and its synchronous COMMIT flushes all WAL before it, the row's insert included. Lost
 *   without that commit, the key is as if never sent, which is what a crash leaves anyway (keys
 *   left in flight are released at start-up), and a retry runs afresh.
 * - A refusal the precheck proved before any transaction, stored as the key's first answer (or
 *   proved by its probe run again, `RefusalProbe.refuse`, after a write without a transaction
 *   found the user's row moved): it moved no money, and a retry with the same key and body
 *   recomputes the same refusal: from the body alone (400 VALIDATION), or from the durable
 *   reward row (409 ALREADY_REWARDED; rewards are never taken back). Two answers depend on the
 *   clock and may differ on such a retry: a claim without `watched_at` is judged for the day it
 *   arrives (the PWA always sends `watched_at`), and a watch time refused as in the future may
 *   no longer be. Either can then be
 *   credited once, never twice (the reward row is unique per user, video and India day), and only
 *   if the database crashed within the flush window after the refusal.
 * Waiting for the flush was most of a refusal's time under load: at 10 connections an
 * `INSERT … ON CONFLICT DO NOTHING` took 2.9–7.8 ms with the flush and 0.8–1.1 ms without, a
 * read 0.4–0.5 ms (pgbench, issue 14's README notes), and each wait holds a pool connection.
 */
import { sql, type Compilable, type SelectQueryBuilder } from 'kysely'
import type { Db } from '../db/index.ts'
import { compiledOnce, type CompiledParam, type CompiledRunner } from '../db/compiled.ts'
import type { Database } from '../db/schema/index.ts'
import type { IdempotencyKeysTable } from '../db/schema/earning.ts'
import type { ApiError } from '../lib/errors.ts'
import type { AppContext } from '../context.ts'

/** A key's row as `answerOf` judges it. */
export type KeyRow = Omit<IdempotencyKeysTable, 'user_id' | 'key'>

/** KeyRow's columns, as a plain read selects them (`keyRow`). */
const KEY_ROW_COLUMNS = [
  'route',
  'request_hash',
  'state',
  'response_status',
  'response_body',
  'created_at',
  'updated_at',
] as const

/** KeyRow's columns of the key's row `k`, as the take-or-read statements select them. */
const KEY_ROW_IN_K = KEY_ROW_COLUMNS.map((column) => `k.${column}` as const)

/** The row `takeKey` inserts: the key, its request and its state (an answer when done). */
export type NewKey = {
  userId: number
  key: string
  route: string
  hash: string
  state: 'in_flight' | 'done'
  /** The answer's HTTP status and JSON text when `state` is done, else null. */
  status: number | null
  body: string | null
  /** ISO time, created_at and updated_at. */
  at: string
}

/**
 * A new key row's columns but its state and answer, each from `field` (NewKey's value itself, or
 * its placeholder in a compiled statement): the one mapping of NewKey to the table's columns.
 */
function keyColumns(
  field: CompiledParam<Pick<NewKey, 'userId' | 'key' | 'route' | 'hash' | 'at'>>,
) {
  return {
    user_id: field('userId'),
    key: field('key'),
    route: field('route'),
    request_hash: field('hash'),
    created_at: field('at'),
    updated_at: field('at'),
  }
}

/**
 * PostgreSQL's take-or-read of a key in one statement (compiled once): the INSERT … ON CONFLICT
 * DO NOTHING of the key (`taken` 1 when it inserted the row) and the key's row as it was before
 * the statement (every column null when there was none, or when the conflicting row was
 * committed after the statement's snapshot: a concurrent first request; then read again).
 */
const takeKeyStatement = compiledOnce((db: Db, param: CompiledParam<NewKey>) =>
  db
    .with('taken', (qc) =>
      qc
        .insertInto('idempotency_keys')
        .values({
          ...keyColumns(param),
          state: param('state'),
          response_status: param('status'),
          response_body: param('body'),
        })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .returning('user_id'),
    )
    .selectFrom(sql<{ one: number }>`(select 1)`.as('one'))
    .leftJoin('idempotency_keys as k', (join) =>
      join.on('k.user_id', '=', param('userId')).on('k.key', '=', param('key')),
    )
    .select((eb) => [
      eb
        .selectFrom('taken')
        .select((t) => t.fn.countAll<number>().as('n'))
        .as('taken'),
      ...KEY_ROW_IN_K,
    ]),
)

/**
 * Takes `row`'s key unless its user already has it, with one INSERT … ON CONFLICT DO NOTHING
 * (not a caught unique violation: on PostgreSQL a failed INSERT leaves a dead row and an aborted
 * transaction behind per replay), through `ctx.asyncCommitDb` (see the top of this file).
 * Resolves `{ taken: true }`, or the key's existing row (on PostgreSQL read by the same
 * statement; undefined when it is not visible yet: a first request still running).
 */
export async function takeKey(
  ctx: AppContext,
  row: NewKey,
): Promise<{ taken: true } | { taken: false; existing: KeyRow | undefined }> {
  const db = ctx.asyncCommitDb ?? ctx.db
  if (ctx.engine === 'postgres') {
    const [result] = (await takeKeyStatement(db, row)).rows
    if (Number(result?.taken) === 1) return { taken: true }
    if (result && result.state !== null) return { taken: false, existing: result as KeyRow }
  } else {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        ...keyColumns((name) => row[name]),
        state: row.state,
        response_status: row.status,
        response_body: row.body,
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('user_id')
      .executeTakeFirst()
    if (inserted) return { taken: true }
  }
  return { taken: false, existing: await keyRow(ctx, row.userId, row.key) }
}

/** The row of `userId`'s `key`, if any (a plain read on the main pool). */
export function keyRow(ctx: AppContext, userId: number, key: string): Promise<KeyRow | undefined> {
  return ctx.db
    .selectFrom('idempotency_keys')
    .select(KEY_ROW_COLUMNS)
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst()
}

/** Builds a probe's query: a SELECT of fixed shape over `param`s (`compiledOnce`'s rules). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table, any columns
type ProbeBuilder<P> = (db: Db, param: CompiledParam<P>) => SelectQueryBuilder<Database, any, any>

/** `RefusalProbe.take`'s one row: the key's state if this statement inserted it, and its row. */
type TakeResult = { [C in keyof KeyRow]: KeyRow[C] | null } & { taken: NewKey['state'] | null }

/** Columns `F` as a LEFT JOIN gives them: each null when there was no row. */
export type Probed<F> = { [C in keyof F]: F[C] | null }

/** Builds the read whose one row (or none) a take also answers (`refusalProbe`'s `facts`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table
type FactsBuilder<P, F> = (db: Db, param: CompiledParam<P>) => SelectQueryBuilder<Database, any, F>

/** An in-flight key and the refusal to store as its answer (`RefusalProbe.refuse`). */
type KeyRefusal = Pick<NewKey, 'userId' | 'key' | 'at'> & { status: number; body: string }

/**
 * A refusal one read proves, whose rows refuse the request (`refusalProbe`): `read` runs the
 * probe alone (SQLite); `take` (PostgreSQL) runs it, takes the key (state done with the refusal
 * as its answer when the probe has rows, else in flight) and reads a used key, in one statement,
 * with the `facts` row (`Probed<F>`) when the probe did not refuse; `refuse` (PostgreSQL) runs
 * it again for a key already in flight and, when it has rows now, stores the refusal as the
 * key's answer in the same statement (one row back, else none).
 */
export interface RefusalProbe<P, F = object> {
  read: CompiledRunner<P, unknown>
  take: CompiledRunner<P & Omit<NewKey, 'state'>, TakeResult & Probed<F>>
  refuse: CompiledRunner<P & KeyRefusal, { user_id: number }>
}

/** What a precheck returns: the probe, its parameters and the refusal its rows prove. */
export interface Precheck<P, F = object> {
  probe: RefusalProbe<P, F>
  params: P
  refusal: ApiError
}

/**
 * The probe of a refusal `build`'s rows prove (built and compiled once per database; its
 * parameter names must differ from NewKey's, except `userId`, which must be the same user's).
 * `facts`, when given, is a read of at most one row over the same parameters, whose columns
 * (named unlike KeyRow's and `taken`) PostgreSQL's take answers too, read from the same snapshot,
 * when the probe found nothing to refuse (else nulls, and it is not run): what the request's
 * handler would read next.
 */
export function refusalProbe<P extends Record<string, unknown>, F = object>(
  build: ProbeBuilder<P>,
  facts?: FactsBuilder<P, F>,
): RefusalProbe<P, F> {
  type Q = P & Omit<NewKey, 'state'>
  return {
    read: compiledOnce(build),
    refuse: compiledOnce((db: Db, param: CompiledParam<P & KeyRefusal>) =>
      db
        .with('refused', () => build(db, param as unknown as CompiledParam<P>))
        .updateTable('idempotency_keys')
        .set({
          state: 'done',
          response_status: param('status'),
          response_body: param('body'),
          updated_at: param('at'),
        })
        .where('user_id', '=', param('userId'))
        .where('key', '=', param('key'))
        .where('state', '=', 'in_flight')
        .where(sql<boolean>`exists (select 1 from refused)`)
        .returning('user_id'),
    ),
    take: compiledOnce((db: Db, param: CompiledParam<Q>) => {
      const refused = sql<boolean>`exists (select 1 from refused)`
      const take = db
        .with('refused', () => build(db, param as unknown as CompiledParam<P>))
        .with('taken', (qc) =>
          qc
            .insertInto('idempotency_keys')
            .values({
              ...keyColumns(param),
              state: sql<NewKey['state']>`case when ${refused} then 'done' else 'in_flight' end`,
              response_status: sql<
                number | null
              >`case when ${refused} then ${param('status')}::integer end`,
              response_body: sql<
                string | null
              >`case when ${refused} then ${param('body')}::text end`,
            })
            .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
            .returning('state'),
        )
        .selectFrom(sql<{ one: number }>`(select 1)`.as('one'))
        .leftJoin('idempotency_keys as k', (join) =>
          join.on('k.user_id', '=', param('userId')).on('k.key', '=', param('key')),
        )
        .select((eb) => [eb.selectFrom('taken').select('taken.state').as('taken'), ...KEY_ROW_IN_K])
      if (!facts) return take as unknown as Compilable<TakeResult & Probed<F>>
      // The facts' one-time filter keeps them unread when the probe refuses.
      return take
        .leftJoinLateral(
          () =>
            facts(db, param as unknown as CompiledParam<P>)
              .where(sql<boolean>`not ${refused}`)
              .as('f'),
          (join) => join.onTrue(),
        )
        .selectAll('f') as unknown as Compilable<TakeResult & Probed<F>>
    }),
  }
}
