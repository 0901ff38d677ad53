/**
 * Prefix search that an index answers on both engines (DECISIONS §8a: bounded searches): a range
 * `prefix <= column < next` in byte order. PostgreSQL compares the column `COLLATE "C"`, matching
 * the `*_prefix` indexes of migration 012 (a LIKE pattern would lose its index in a prepared
 * statement's generic plan); SQLite compares bytes already.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Engine } from './index.ts'

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

/**
 * `column` starts with `prefix` (case as given), as a range an index on the column (PostgreSQL:
 * `COLLATE "C"`) answers. `column` is a trusted reference such as `users.email`. An empty prefix
 * matches nothing.
 */
export function startsWith<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  engine: Engine,
  column: string,
  prefix: string,
): Expression<SqlBool> {
  const upper = prefixUpperBound(prefix)
  if (upper === null) return eb.lit(false)
  const ref = engine === 'postgres' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column)
  return sql<SqlBool>`(${ref} >= ${prefix} and ${ref} < ${upper})`
}
