/**
 * Migration 017: every stored UPI ID in its canonical form, trimmed and lower-case
 * (canonicalUpiId in contract/validation.ts; docs/product.md#withdrawals). Withdrawals store that
 * form from now on; the rows written before keep the spelling the user typed, so one payee written
 * `Pay.N@Ybl` and `pay.n@ybl` read as two to the shared-UPI rule and the console's search. Only
 * the rows that differ are written. Stored IDs are ASCII (checkUpiId), where SQLite's and
 * PostgreSQL's lower() agree with JavaScript's toLowerCase(). The ledger's descriptions keep the
 * text they were written with: the ledger is never rewritten.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update withdrawals set upi_id = lower(trim(upi_id))
    where upi_id <> lower(trim(upi_id))`.execute(db)
}
