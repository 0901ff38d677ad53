// PostgreSQL's pools keep a connection once opened (server/db/index.ts): pg's default closes one
// idle for 10 s, and the next request would pay for a new server process, its catalog caches and
// every named statement parsed and planned again. Both pools, the main one and the pool of key rows
// that do not wait for the flush.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'kysely'
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/index.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts'

/** pg's idle timeout when none is set (pg-pool's `idleTimeoutMillis` default), ms. */
const PG_IDLE_TIMEOUT_MS = 10_000

describe('postgres: pool connections kept through a lull', () => {
  let database: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    // A main pool of 3, so a key-row pool of 2.
    handle = openDatabase(database.url, 3)
  })
  afterAll(async () => {
    vi.useRealTimers()
    await handle.close()
    await database.drop()
  })

  /**
   * The server processes behind `count` statements run at once on `db` (each holds its
   * connection for 50 ms, so each runs on its own).
   */
  const backends = async (db: Db, count: number) =>
    new Set(
      await Promise.all(
        Array.from({ length: count }, async () => {
          const { rows } = await sql<{
            pid: number
          }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db)
          return rows[0]!.pid
        }),
      ),
    )

  it('answers on the same server processes after more than the idle timeout', async () => {
    // pg-pool starts a connection's idle timer with setTimeout when the connection is released, so
    // the fake timers are in place before the first statements and the lull is jumped over.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const main = await backends(handle.db, 3)
    const keyRows = await backends(handle.asyncCommitDb, 2)
    expect(main.size).toBe(3)
    expect(keyRows.size).toBe(2)
    vi.advanceTimersByTime(PG_IDLE_TIMEOUT_MS + 1)
    vi.useRealTimers()
    expect(await backends(handle.db, 3)).toEqual(main)
    expect(await backends(handle.asyncCommitDb, 2)).toEqual(keyRows)
  })
})
