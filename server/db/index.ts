/**
 * The database: Kysely over better-sqlite3 (`file:PATH`) or pg (`postgres://…`), chosen by
 * DATABASE_URL (docs/product.md#configuration). Same queries on both engines.
 */
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely'
import type { Database } from './schema/index.ts'
import { InlineLimitsPlugin } from './inline-limits.ts'
import { NamingClient } from './named-statements.ts'
import { sqlDialect, type Engine, type SqlDialect } from './dialect.ts'

export type { Engine, SqlDialect }

export type Db = Kysely<Database>
export type Tx = Transaction<Database>

export interface DatabaseHandle {
  db: Db
  /**
   * Where the writes go that a crash may lose without harm (`asyncCommitPool`): on PostgreSQL a
   * second, smaller pool whose sessions commit with `synchronous_commit = off`; on SQLite `db`.
   */
  asyncCommitDb: Db
  engine: Engine
  /** The engine's differences (locks, prefix matching, statement limits), for the domain. */
  dialect: SqlDialect
  close(): Promise<void>
}

// PostgreSQL returns BIGINT (count(), sum()) as text; our numbers fit in a JS number.
pg.types.setTypeParser(20, (value) => Number(value))

/** PostgreSQL connections per instance when the config names no other number (docs/product.md#configuration). */
export const DEFAULT_POOL_SIZE = 10

/**
 * How long one request's statement may run on PostgreSQL before the server cancels it (ms;
 * docs/product.md#scale): every route's query takes milliseconds, so a statement past this is a bug or
 * an abandoned search, which must not run on. 0: no limit (migrations, the data tools).
 */
export const REQUEST_STATEMENT_TIMEOUT_MS = 5_000

/** The longer limit of operator exports (payout and audit CSV), set per transaction (ms). */
export const EXPORT_STATEMENT_TIMEOUT_MS = 60_000

/**
 * The PostgreSQL connections of the asynchronous-commit pool for a main pool of `poolSize`: half,
 * at least one. Its statements are single short writes that never wait for a WAL flush.
 */
export const asyncCommitPoolSize = (poolSize: number) => Math.max(1, Math.ceil(poolSize / 2))

/**
 * A pool of at most `max` connections to `url`; `options` are the sessions' server settings
 * (libpq's `options`, e.g. `-c synchronous_commit=off`).
 */
function pgPool(url: string, max: number, options?: string): Db {
  // Each connection names the texts it runs, so PostgreSQL parses and plans them once. A
  // connection, once opened, stays open (`min: max`; pg's default closes one idle for 10 s): a
  // new one is a new server process, which loads its catalog caches and parses and plans every
  // named text again (5 custom plans each before a generic one) while requests wait. The pool of
  // key rows (`asyncCommitDb`) is used by claims only, so every lull of 10 s between claims
  // closed all of it, and the next claims opened it again: in `npm run bench:api` that was the
  // first second of the new-key scenario, after the 30 s of reads before it.
  const pool = new pg.Pool({ connectionString: url, max, min: max, Client: NamingClient, options })
  // An idle client's connection can end under us (a server restart, a dropped database):
  // the pool replaces it; without this listener the error would crash the process.
  pool.on('error', (error) => console.error('idle PostgreSQL client error:', error.message))
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    // A LIMIT in the text lets a paged statement keep a generic plan (inline-limits.ts).
    plugins: [new InlineLimitsPlugin()],
  })
}

/**
 * Opens the database named by `url` (docs/product.md#configuration: `file:PATH` or `file::memory:` for SQLite,
 * `postgres://…` for PostgreSQL); creates the SQLite file's folder if needed. Throws for a URL of
 * any other form, which would otherwise be read as a file path. `poolSize` is
 * the most PostgreSQL connections this instance holds in its main pool (default
 * DEFAULT_POOL_SIZE), plus `asyncCommitPoolSize(poolSize)` in the pool of writes a crash may
 * lose (`asyncCommitDb`, opened on first use); SQLite has one connection for both.
 *
 * Durability: on PostgreSQL every COMMIT of the main pool waits for its WAL to reach
 * the disk (`synchronous_commit = on`, the server's default): ledger rows, balances, rewards and
 * every key answer written with them. The second pool's sessions commit with
 * `synchronous_commit = off`: the commit returns before the flush (PostgreSQL flushes within
 * three `wal_writer_delay`s, 0.6 s by default), so a crash of the database server in that
 * window may lose the write, never corrupt or reorder it (a later synchronous commit flushes every
 * earlier WAL record first). Only the Idempotency-Key rows `runIdempotent` takes outside a
 * transaction go there (server/earning/idempotency.ts says why losing one is harmless).
 */
export function openDatabase(
  url: string,
  poolSize = DEFAULT_POOL_SIZE,
  statementTimeoutMs = REQUEST_STATEMENT_TIMEOUT_MS,
): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const timeout = `-c statement_timeout=${Math.max(0, Math.floor(statementTimeoutMs))}`
    const db = pgPool(url, poolSize, timeout)
    const asyncCommitDb = pgPool(
      url,
      asyncCommitPoolSize(poolSize),
      `-c synchronous_commit=off ${timeout}`,
    )
    return {
      db,
      asyncCommitDb,
      engine: 'postgres',
      dialect: sqlDialect('postgres'),
      close: async () => {
        await Promise.all([db.destroy(), asyncCommitDb.destroy()])
      },
    }
  }
  if (!url.startsWith('file:')) {
    throw new Error('DATABASE_URL must be file:PATH (SQLite) or postgres://… (PostgreSQL).')
  }
  const file = url.slice('file:'.length)
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return {
    db,
    asyncCommitDb: db,
    engine: 'sqlite',
    dialect: sqlDialect('sqlite'),
    close: () => db.destroy(),
  }
}

/** Whether `error` is PostgreSQL cancelling a statement past its `statement_timeout`. */
export function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: string })?.code === '57014'
}

/** Whether the database answers a trivial query (used by `GET /healthz`). */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}

/** Whether `error` is a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string }
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  )
}

/** Whether `error` is a CHECK-constraint violation (e.g. a negative balance) on either engine. */
export function isCheckViolation(error: unknown): boolean {
  const e = error as { code?: string }
  return e?.code === '23514' || e?.code === 'SQLITE_CONSTRAINT_CHECK'
}

/** The current time as the ISO text our timestamp columns hold. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString()
}
