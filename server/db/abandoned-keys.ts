/**
 * Idempotency-Keys a crashed process left in flight (docs/product.md#api), released at start-up so a
 * retry runs instead of getting 409 for a minute. How depends on the engine: see below.
 */
import { sql } from 'kysely'
import type { Db, Engine } from './index.ts'

/**
 * Releases the keys a crash left in flight, so a retry runs instead of getting 409 for a minute
 * (called once at start-up). On SQLite the app is the database's only writer, so every in-flight
 * key is abandoned. On PostgreSQL other instances may be running requests: a live request holds
 * its key's row locked in its transaction (`runIdempotent`), so only unlocked rows are released
 * (SKIP LOCKED); a crashed instance's transaction was rolled back by the server and left none.
 * Either way the keys in flight are found through the partial index `idempotency_keys_in_flight`
 * (migration 012), so start-up reads those few rows, never the millions of answered keys.
 * Returns the number of keys released.
 */
export async function releaseAbandonedKeys(db: Db, engine: Engine): Promise<number> {
  if (engine === 'sqlite') {
    const result = await db
      .deleteFrom('idempotency_keys')
      .where('state', '=', 'in_flight')
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  }
  const result = await sql`
    delete from idempotency_keys where (user_id, key) in (
      select user_id, key from idempotency_keys where state = 'in_flight'
      for update skip locked)`.execute(db)
  return Number(result.numAffectedRows ?? 0)
}
