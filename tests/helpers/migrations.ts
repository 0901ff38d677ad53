/**
 * For a migration's own test (tests/api/migration-NNN.test.ts): a fresh database on one engine,
 * migrated up to the migration before the one under test, so the test can write rows as the older
 * schema had them and then run `migrateToLatest` over them.
 */
import { afterAll, beforeAll } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../server/db/index.ts'
import { migrateTo } from '../../server/db/migrate.ts'
import { createTestDatabase, type EngineName, type TestDatabase } from './databases.ts'

/**
 * Registers the file's (or describe block's) hooks: beforeAll creates a database on `engine`,
 * opens it (2 connections) and migrates it up to `migration` inclusive (its name, e.g.
 * `'008-push-subscriptions'`); afterAll closes and drops it. The returned object's `handle` is set
 * once beforeAll has run.
 */
export function withDatabaseAt(engine: EngineName, migration: string): { handle: DatabaseHandle } {
  const at = {} as { handle: DatabaseHandle }
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(engine)
    at.handle = openDatabase(database.url, 2)
    await migrateTo(at.handle.db as never, at.handle.engine, migration)
  })
  afterAll(async () => {
    await at.handle.close()
    await database.drop()
  })
  return at
}
