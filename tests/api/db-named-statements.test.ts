// PostgreSQL's connections name the texts they run (server/db/named-statements.ts): the server
// parses each once per connection, answers stay right, and a connection names a bounded number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openDatabase, type DatabaseHandle } from '../../server/db/index.ts'
import { MAX_NAMED_STATEMENTS } from '../../server/db/named-statements.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts'

describe('postgres: named prepared statements', () => {
  let database: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    // One connection, so every statement below runs on the same one.
    handle = openDatabase(database.url, 1)
  })
  afterAll(async () => {
    await handle.close()
    await database.drop()
  })

  /** The texts the connection has prepared under a name (pg_prepared_statements is per session). */
  const prepared = async () =>
    (
      await sql<{
        name: string
        statement: string
      }>`select name, statement from pg_prepared_statements`.execute(handle.db)
    ).rows

  it('prepares a parameterized text once under its name and answers each call with its own values', async () => {
    const echo = (n: number) => sql<{ n: number }>`select ${n}::int + 1 as n`.execute(handle.db)
    expect((await echo(1)).rows).toEqual([{ n: 2 }])
    expect((await echo(41)).rows).toEqual([{ n: 42 }])
    const named = (await prepared()).filter((p) => p.statement.includes('::int + 1 as n'))
    expect(named).toHaveLength(1)
    expect(named[0]?.name).toMatch(/^k[A-Za-z0-9_-]{27}$/)
  })

  it('runs texts beyond the bound unnamed, still answering them', async () => {
    for (let i = 0; i <= MAX_NAMED_STATEMENTS; i += 1) {
      const rows = (
        await sql<{ n: number }>`select ${i}::int as ${sql.ref(`n${i}`)}`.execute(handle.db)
      ).rows as Array<Record<string, number>>
      expect(rows[0]?.[`n${i}`]).toBe(i)
    }
    expect((await prepared()).length).toBe(MAX_NAMED_STATEMENTS)
  })
})
