/**
 * The database made ready before the app is built: migrated and seeded on a connection of its own,
 * so no plugin's start-up work grows with the tables (docs/product.md#scale).
 */
import { openDatabase, type DatabaseHandle } from './index.ts'
import { migrateToLatest } from './migrate.ts'
import { seedDatabase } from './seed.ts'

/**
 * Migrates (and with `seed`, seeds) the database at `url` on a connection of its own with no
 * statement limit, since a migration may rightly take minutes on a large table. Returns the open
 * SQLite handle for the app to keep (an in-memory database lives only in its connection), or
 * undefined on PostgreSQL (the connection is closed). Throws the first migration error.
 */
export async function prepareDatabase(
  url: string,
  seed: boolean,
): Promise<DatabaseHandle | undefined> {
  const setup = openDatabase(url, 1, 0)
  try {
    await migrateToLatest(setup.db as never, setup.engine)
    if (seed) await seedDatabase(setup.db)
  } catch (error) {
    await setup.close()
    throw error
  }
  if (setup.engine === 'sqlite') return setup
  await setup.close()
  return undefined
}
