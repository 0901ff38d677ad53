/**
 * Migration 007: an operator's printed password is for one login only:
 * `password_must_change` is 1 from `create-admin` until the operator sets a password of their own.
 */
import type { Kysely } from 'kysely'
import type { Engine } from '../index.ts'

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('operators')
    .addColumn('password_must_change', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}
