/**
 * Migration 011: the ledger's coin sums kept in step with its writes, so `GET /metrics` reads a
 * few rows instead of summing the whole ledger per scrape (docs/product.md#scale).
 * - ledger_totals: coins by (kind, status), as of the last fold.
 * - ledger_total_changes: what ledger writes added since (PostgreSQL only; empty on SQLite). A
 *   trigger appends one row per ledger insert and two per change of a row's kind, status or
 *   coins, so concurrent writers never wait on a shared counter row; `foldLedgerTotals`
 *   (server/db/ledger-totals.ts) moves them into ledger_totals. On SQLite, which runs one write
 *   transaction at a time, the trigger adds to ledger_totals directly.
 * - The totals start from the ledger as it is: the triggers are created first, which locks the
 *   ledger against writes until this migration commits, so no write is counted twice or missed.
 * - withdrawals.due_at: a row without one (none since migration 004) gets its creation time, so
 *   the console's keyset pages over (due_at, id) see every row.
 */
import { sql, type Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { addIdColumn } from './helpers.ts'

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const coinsType = engine === 'postgres' ? 'bigint' : 'integer'
  await db.schema
    .createTable('ledger_totals')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('coins', coinsType, (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_totals_pk', ['kind', 'status'])
    .execute()
  await addIdColumn(db.schema.createTable('ledger_total_changes'), engine)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('coins', coinsType, (c) => c.notNull())
    .execute()

  if (engine === 'postgres') {
    await sql`create function ledger_total_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          if new.kind = old.kind and new.status = old.status and new.coins = old.coins then
            return null;
          end if;
          insert into ledger_total_changes (kind, status, coins)
            values (old.kind, old.status, -old.coins);
        end if;
        insert into ledger_total_changes (kind, status, coins)
          values (new.kind, new.status, new.coins);
        return null;
      end $$`.execute(db)
    await sql`create trigger ledger_entries_total after insert or update on ledger_entries
      for each row execute function ledger_total_change()`.execute(db)
  } else {
    const add = (kind: string, status: string, coins: string) => sql`
      insert into ledger_totals (kind, status, coins)
        values (${sql.raw(kind)}, ${sql.raw(status)}, ${sql.raw(coins)})
        on conflict (kind, status) do update set coins = coins + excluded.coins;`
    await sql`create trigger ledger_entries_total_insert after insert on ledger_entries
      begin ${add('new.kind', 'new.status', 'new.coins')} end`.execute(db)
    await sql`create trigger ledger_entries_total_update after update of kind, status, coins
      on ledger_entries
      begin
        ${add('old.kind', 'old.status', '-old.coins')}
        ${add('new.kind', 'new.status', 'new.coins')}
      end`.execute(db)
  }
  await sql`insert into ledger_totals (kind, status, coins)
    select kind, status, sum(coins) from ledger_entries group by kind, status`.execute(db)

  await sql`update withdrawals set due_at = created_at where due_at is null`.execute(db)
}
