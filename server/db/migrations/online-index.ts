/**
 * Index builds that leave a large table writable: CREATE INDEX CONCURRENTLY on PostgreSQL (only
 * outside a transaction: the migration says `transactional = false`), a plain CREATE INDEX on
 * SQLite. Every statement may run again after a crash halfway.
 */
import { sql, type Kysely } from 'kysely'
import type { Engine } from '../index.ts'

/** An index: its name, table, column list (SQL, e.g. `email text_pattern_ops`), partial filter. */
export interface IndexSpec {
  name: string
  table: string
  columns: string[]
  /** A partial index's predicate (SQL), e.g. `state = 'in_flight'`. */
  where?: string
  /** Columns carried in the index for index-only scans (PostgreSQL's INCLUDE; not on SQLite). */
  include?: string[]
}

/**
 * Creates `spec` unless it exists. On PostgreSQL a concurrent build that failed halfway leaves an
 * invalid index behind, which is dropped and built again. Names and columns are trusted SQL.
 */
export async function createIndexOnline(
  db: Kysely<unknown>,
  engine: Engine,
  spec: IndexSpec,
): Promise<void> {
  const columns = sql.raw(spec.columns.join(', '))
  const where = spec.where ? sql` where ${sql.raw(spec.where)}` : sql``
  const include =
    spec.include && engine === 'postgres'
      ? sql` include (${sql.raw(spec.include.join(', '))})`
      : sql``
  if (engine === 'sqlite') {
    await sql`create index if not exists ${sql.id(spec.name)} on ${sql.id(spec.table)} (${columns})${where}`.execute(
      db,
    )
    return
  }
  const invalid = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relname = ${spec.name} and not i.indisvalid`.execute(db)
  if (invalid.rows.length > 0) await dropIndexOnline(db, engine, spec.name)
  await sql`create index concurrently if not exists ${sql.id(spec.name)}
    on ${sql.id(spec.table)} (${columns})${include}${where}`.execute(db)
}

/** Drops index `name` if it exists (concurrently on PostgreSQL). */
export async function dropIndexOnline(
  db: Kysely<unknown>,
  engine: Engine,
  name: string,
): Promise<void> {
  if (engine === 'sqlite') await sql`drop index if exists ${sql.id(name)}`.execute(db)
  else await sql`drop index concurrently if exists ${sql.id(name)}`.execute(db)
}
