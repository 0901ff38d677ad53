/**
 * Migration 010: every guess budget in one table, keyed by what is guessed (docs/product.md#security).
 * - guess_budgets: the wrong tries in a row, the locks so far and the current lock of one subject:
 *   a user's PIN (`pin:user:<id>`), an address with no account (`pin:id:<identifier>`), a console
 *   login (`ops:<email>`, known or not). A guess takes its slot in one conditional upsert before it
 *   is checked, so a burst cannot check more guesses than the budget; an unknown address keeps a
 *   lock like a real one's. The users' and operators' own lock columns move here and are dropped.
 * - unlock_tokens: the single-use link a lock mail carries (24 hours), stored as SHA-256: it proves
 *   the mailbox, clears the account's locks and opens the PIN reset.
 */
import { sql, type Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { addIdColumn } from './helpers.ts'

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('guess_budgets')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('guess_budgets_updated_at')
    .on('guess_budgets')
    .column('updated_at')
    .execute()

  const now = new Date().toISOString()
  await sql`insert into guess_budgets (subject, failed, lock_count, locked_until, updated_at)
    select 'pin:user:' || id, failed_logins, lock_count, locked_until, ${now} from users
    where failed_logins > 0 or lock_count > 0 or locked_until is not null`.execute(db)
  await sql`insert into guess_budgets (subject, failed, lock_count, locked_until, updated_at)
    select 'ops:' || email, failed_logins, lock_count, locked_until, ${now} from operators
    where failed_logins > 0 or lock_count > 0 or locked_until is not null`.execute(db)
  for (const table of ['users', 'operators']) {
    for (const column of ['failed_logins', 'lock_count', 'locked_until']) {
      await db.schema.alterTable(table).dropColumn(column).execute()
    }
  }

  await addIdColumn(db.schema.createTable('unlock_tokens'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}
