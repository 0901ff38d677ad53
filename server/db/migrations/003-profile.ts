/** Migration 003: bank details, the IFSC answer cache, partners. */
import type { Kysely } from 'kysely'
import type { Engine } from '../index.ts'

export async function up(_db: Kysely<unknown>, _engine: Engine): Promise<void> {
  // Filled by the screens work (issue 4).
}
