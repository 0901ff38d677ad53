// Queries compiled once (server/db/compiled.ts): each run gets its own parameters, on both engines,
// in a transaction too; a parameter the query does not carry as itself is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openDatabase, type Db, type DatabaseHandle } from '../../server/db/index.ts'
import { compiledOnce, type CompiledParam } from '../../server/db/compiled.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/databases.ts'

describe.each(ENGINES)('%s: queries compiled once', (engine) => {
  let database: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    database = await createTestDatabase(engine)
    handle = openDatabase(database.url, 2)
    await sql`create table items (id integer primary key, name text not null)`.execute(handle.db)
    await sql`insert into items (id, name) values (1, 'one'), (2, 'two'), (3, 'three')`.execute(
      handle.db,
    )
  })
  afterAll(async () => {
    await handle.close()
    await database.drop()
  })

  const byIdAbove = compiledOnce((db: Db, param: CompiledParam<{ id: number; min: number }>) =>
    db
      .selectFrom(sql<{ id: number; name: string }>`items`.as('items'))
      .select(['items.name'])
      .where('items.id', '=', param('id'))
      .where('items.id', '>', param('min'))
      .limit(1),
  )

  it('answers each run with its own parameters, outside and inside a transaction', async () => {
    expect((await byIdAbove(handle.db, { id: 2, min: 0 })).rows).toEqual([{ name: 'two' }])
    expect((await byIdAbove(handle.db, { id: 3, min: 0 })).rows).toEqual([{ name: 'three' }])
    expect((await byIdAbove(handle.db, { id: 1, min: 1 })).rows).toEqual([])
    const inTx = await handle.db
      .transaction()
      .execute(async (tx) => (await byIdAbove(tx, { id: 1, min: 0 })).rows)
    expect(inTx).toEqual([{ name: 'one' }])
  })

  it('refuses a parameter that does not reach the query as itself', async () => {
    const changed = compiledOnce((db: Db, param: CompiledParam<{ name: string }>) =>
      db
        .selectFrom(sql<{ name: string }>`items`.as('items'))
        .select('items.name')
        .where('items.name', '=', `${param('name')}!`),
    )
    await expect(changed(handle.db, { name: 'one' })).rejects.toThrow(/not in the query/)
  })
})
