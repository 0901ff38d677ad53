/** Column helpers that differ between SQLite and PostgreSQL, for the numbered migrations. */
import type { CreateTableBuilder } from 'kysely'
import type { Engine } from '../index.ts'

/** Adds an auto-incrementing integer primary key `id`. */
export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  engine: Engine,
): CreateTableBuilder<T, 'id'> {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}
