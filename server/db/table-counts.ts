/**
 * Row counts that must not scan a large table: exact while small, the planner's estimate beyond
 * (docs/product.md#scale: `/metrics` never scans).
 */
import { sql } from 'kysely'
import type { Db, Engine } from './index.ts'

/**
 * The number of stored Idempotency-Keys. PostgreSQL: exact up to `exactUpTo` (an index-only count
 * that stops there), else the planner's estimate (`pg_class.reltuples`, kept by VACUUM and
 * ANALYZE; never less than the exact part). SQLite: exact (a single-file database stays small).
 */
export async function countIdempotencyKeys(
  db: Db,
  engine: Engine,
  exactUpTo: number,
): Promise<number> {
  if (engine === 'postgres') {
    const counted = await sql<{ n: number; estimate: number }>`
      select (select count(*) from (select 1 from idempotency_keys
                limit ${exactUpTo}) k) as n,
             (select greatest(reltuples, 0)::bigint from pg_class
                where oid = 'idempotency_keys'::regclass) as estimate`.execute(db)
    const row = counted.rows[0]
    const n = Number(row?.n ?? 0)
    return n < exactUpTo ? n : Math.max(n, Number(row?.estimate ?? 0))
  }
  const row = await db
    .selectFrom('idempotency_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
