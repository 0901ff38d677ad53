/**
 * The ledger's coin sums by kind and status, kept in step with its writes by triggers (migration
 * 011), so `GET /metrics` never sums the ledger (docs/product.md#scale). On PostgreSQL each ledger write
 * appends to `ledger_total_changes`; a fold moves those rows into `ledger_totals`.
 */
import { sql } from 'kysely'
import type { Db, Engine } from './index.ts'
import type { LedgerKind, LedgerStatus } from './schema/index.ts'

/** One line of the sums: integer coins of every ledger row of `kind` in `status`. */
export interface LedgerTotal {
  kind: LedgerKind
  status: LedgerStatus
  coins: number
}

/**
 * Moves the changes written since the last fold into `ledger_totals` (PostgreSQL; SQLite's
 * triggers write the totals directly). One statement: the changes it deletes are exactly those
 * it adds, so a concurrent fold or write never loses or doubles one. Returns the rows folded.
 */
export async function foldLedgerTotals(db: Db, engine: Engine): Promise<number> {
  if (engine !== 'postgres') return 0
  const result = await sql<{ n: number }>`
    with moved as (delete from ledger_total_changes returning kind, status, coins),
    summed as (
      select kind, status, sum(coins) as coins, count(*) as n from moved group by kind, status),
    added as (
      insert into ledger_totals (kind, status, coins)
        select kind, status, coins from summed
        on conflict (kind, status) do update set coins = ledger_totals.coins + excluded.coins)
    select coalesce(sum(n), 0) as n from summed`.execute(db)
  return Number(result.rows[0]?.n ?? 0)
}

/**
 * The ledger's sums by kind and status now: the folded totals plus the changes not yet folded
 * (a few thousand rows at most between folds). Reads no ledger row.
 */
export async function ledgerTotals(db: Db): Promise<LedgerTotal[]> {
  const rows = await sql<LedgerTotal>`
    select kind, status, sum(coins) as coins from (
      select kind, status, coins from ledger_totals
      union all
      select kind, status, coins from ledger_total_changes) t
    group by kind, status`.execute(db)
  return rows.rows.map((r) => ({ ...r, coins: Number(r.coins) }))
}
