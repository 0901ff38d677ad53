/**
 * Row versions, for a write that must change nothing unless the rows it was judged on are still
 * as read (an optimistic write): read a row's version with the facts, then write only where the
 * row is still at that version. Every write of a row gives it a new version.
 */
import { PostgresAdapter, sql, type RawBuilder } from 'kysely'
import type { Db, Tx } from './index.ts'

/**
 * The version of `table`'s row in scope, as text: PostgreSQL's `xmin` (the transaction that wrote
 * this version of the row). SQLite has none: null, which no versioned write accepts, so a caller
 * there takes the row's lock instead (its transactions run one at a time, so the lock costs
 * little). For the select list of a query on `db` (a query compiled once per database may use it).
 */
export function rowVersion(db: Db | Tx, table: string): RawBuilder<string | null> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`${sql.ref(`${table}.xmin`)}::text`
    : sql<null>`null`
}
