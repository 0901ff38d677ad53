/**
 * The engine's differences, bound once: `openDatabase` makes the dialect of the engine it opened,
 * and the app hands it to the domain as `ctx.dialect`, so domain code asks for a lock, a
 * serialization point, a prefix match or a longer statement limit without knowing which engine
 * answers. Row versions are read by `rowVersion` (row-version.ts), which the database itself
 * tells apart. SQLite runs one write transaction at a time, so its locks are no-ops; PostgreSQL
 * runs them concurrently, so its locks are real.
 */
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Transaction,
} from 'kysely'
import type { Database } from './schema/index.ts'
import type { UsersTable } from './schema/accounts.ts'
import { notFound } from '../lib/errors.ts'

/** The two engines: SQLite (`file:…`) and PostgreSQL (`postgres://…`). */
export type Engine = 'sqlite' | 'postgres'
type Db = Kysely<Database>
type Tx = Transaction<Database>

/** A query that can take a row lock (Kysely's select builders). */
type Lockable<Q> = { forUpdate(): Q; forNoKeyUpdate(): Q }

export interface SqlDialect {
  /** The engine this dialect speaks, for start-up work, metrics and `GET /healthz` only. */
  readonly engine: Engine
  /**
   * `query` with the row lock that holds its rows for the rest of the transaction on PostgreSQL:
   * `FOR UPDATE`, or `FOR NO KEY UPDATE` (`mode` `'no-key'`: rows that reference the locked one
   * may still be inserted). SQLite: `query` as it is.
   */
  lockForUpdate<Q extends Lockable<Q>>(query: Q, mode?: 'update' | 'no-key'): Q
  /**
   * The user's row, locked for the rest of `tx` (FOR NO KEY UPDATE on PostgreSQL: balance changes
   * of one user are serialized, while inserts referencing the user are not blocked). Throws 404
   * USER_NOT_FOUND for an unknown user.
   */
  lockUser(tx: Tx, userId: number): Promise<Selectable<UsersTable>>
  /**
   * Makes transactions that take the same `key` (an integer) run one after another until `tx`
   * ends (PostgreSQL: `pg_advisory_xact_lock`; SQLite: nothing to do).
   */
  serializeOn(tx: Tx, key: number): Promise<void>
  /**
   * `column` starts with `prefix` (case as given), as a range `prefix <= column < next` in byte
   * order that an index answers (PostgreSQL compares `COLLATE "C"`, matching the `*_prefix`
   * indexes; a LIKE pattern would lose its index in a prepared statement's generic plan). `column`
   * is a trusted reference such as `users.email`. An empty prefix matches nothing. With
   * `lowerCase`, `lower(column)` is compared (`prefix` given lower case), as an index on
   * `lower(column)` answers (migration 018).
   */
  startsWith<DB, TB extends keyof DB>(
    eb: ExpressionBuilder<DB, TB>,
    column: string,
    prefix: string,
    lowerCase?: boolean,
  ): Expression<SqlBool>
  /**
   * Runs `work` with statement limit `ms` (milliseconds) instead of the session's: on PostgreSQL
   * in a transaction that sets it (`SET LOCAL`, ending with the transaction); on SQLite, which has
   * no limit, on `db` as it is. For operator exports (EXPORT_STATEMENT_TIMEOUT_MS).
   */
  withStatementTimeout<T>(db: Db, ms: number, work: (db: Db) => Promise<T>): Promise<T>
}

/**
 * The least string greater than every string starting with `prefix` (its last code point plus
 * one), or null when `prefix` is empty.
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix]
  const last = points.pop()
  if (last === undefined) return null
  return points.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1)
}

/** `column`, or `lower(column)` when `lowerCase`. */
const columnOf = (column: string, lowerCase = false) =>
  lowerCase ? sql`lower(${sql.ref(column)})` : sql.ref(column)

/** The prefix range over `ref` (the column, collated as its engine needs). */
function prefixRange<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  ref: Expression<unknown>,
  prefix: string,
): Expression<SqlBool> {
  const upper = prefixUpperBound(prefix)
  if (upper === null) return eb.lit(false)
  return sql<SqlBool>`(${ref} >= ${prefix} and ${ref} < ${upper})`
}

/** The user's row as `lock` reads it; 404 USER_NOT_FOUND when there is none. */
async function lockedUser(
  tx: Tx,
  userId: number,
  lock: <Q extends Lockable<Q>>(query: Q) => Q,
): Promise<Selectable<UsersTable>> {
  const user = await lock(
    tx.selectFrom('users').selectAll().where('id', '=', userId),
  ).executeTakeFirst()
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user.')
  return user
}

/** PostgreSQL: real row locks, advisory locks, `COLLATE "C"` ranges, `SET LOCAL` limits. */
const postgres: SqlDialect = {
  engine: 'postgres',
  lockForUpdate: (query, mode = 'update') =>
    mode === 'no-key' ? query.forNoKeyUpdate() : query.forUpdate(),
  lockUser: (tx, userId) => lockedUser(tx, userId, (query) => query.forNoKeyUpdate()),
  serializeOn: async (tx, key) => {
    await sql`select pg_advisory_xact_lock(${key})`.execute(tx)
  },
  startsWith: (eb, column, prefix, lowerCase) =>
    prefixRange(eb, sql`${columnOf(column, lowerCase)} collate "C"`, prefix),
  withStatementTimeout: (db, ms, work) =>
    db.transaction().execute(async (tx) => {
      await sql`select set_config('statement_timeout', ${String(Math.floor(ms))}, true)`.execute(tx)
      return work(tx)
    }),
}

/** SQLite: one write transaction at a time, byte-order text, no statement limit. */
const sqlite: SqlDialect = {
  engine: 'sqlite',
  lockForUpdate: (query) => query,
  lockUser: (tx, userId) => lockedUser(tx, userId, (query) => query),
  serializeOn: async () => {},
  startsWith: (eb, column, prefix, lowerCase) =>
    prefixRange(eb, columnOf(column, lowerCase), prefix),
  withStatementTimeout: (db, _ms, work) => work(db),
}

/** The dialect of `engine`. */
export const sqlDialect = (engine: Engine): SqlDialect =>
  engine === 'postgres' ? postgres : sqlite
