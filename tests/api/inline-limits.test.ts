// A paged statement on PostgreSQL keeps a generic plan (server/db/inline-limits.ts): its LIMIT is
// written into its text, since a generic plan for `LIMIT $n` is priced at a tenth of the table and
// loses to a custom plan on every run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../../server/db/index.ts'
import { countedUpToCap } from '../../server/ops/queue-search.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts'

type Probe = {
  paging_probe: { id: number; k: number }
}

/** How often client's named statement whose text is like `like` was planned generic and custom. */
async function plansOf(client: pg.Client, like: string) {
  const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
    'select generic_plans, custom_plans from pg_prepared_statements where statement like $1',
    [like],
  )
  return rows[0]
}

describe('LIMIT in the text on PostgreSQL', () => {
  let database: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    // One connection, so every statement below runs in the session that is asked about them.
    handle = openDatabase(database.url, 1)
    await sql`create table paging_probe (id serial primary key, k integer not null)`.execute(
      handle.db,
    )
    await sql`insert into paging_probe (k) select g % 4 from generate_series(1, 200000) g`.execute(
      handle.db,
    )
    await sql`create index paging_probe_k on paging_probe (k, id)`.execute(handle.db)
    await sql`analyze paging_probe`.execute(handle.db)
  })

  afterAll(async () => {
    await handle.close()
    await database.drop()
  })

  it('writes an integer LIMIT into the text, also in a subquery, and keeps the other values as parameters', () => {
    const db = handle.db.withTables<Probe>()
    const page = db
      .selectFrom('paging_probe')
      .select('id')
      .where('k', '=', 2)
      .orderBy('id')
      .limit(51)
    expect(page.compile().sql).toMatch(/ limit 51$/)
    expect(page.compile().parameters).toEqual([2])
    const counted = db
      .selectFrom('paging_probe')
      .select(countedUpToCap(db.selectFrom('paging_probe').where('k', '=', 1)).as('n'))
      .limit(1)
      .compile()
    expect(counted.sql).toMatch(/limit 201\)\) matched\) as "n" from "paging_probe" limit 1$/)
    expect(counted.parameters).toEqual([1])
  })

  it('lets a paged statement keep a generic plan, where a LIMIT parameter is planned on every run', async () => {
    const db = handle.db.withTables<Probe>()
    for (let run = 0; run < 8; run += 1) {
      const rows = await db
        .selectFrom('paging_probe')
        .select('id')
        .where('k', '=', run % 2)
        .orderBy('id')
        .limit(51)
        .execute()
      expect(rows).toHaveLength(51)
    }
    const inlined = await handle.db.connection().execute(async (session) => {
      const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
        select generic_plans, custom_plans from pg_prepared_statements
        where statement like '%from "paging_probe" where "k" = $1 order by "id" limit 51'`.execute(
        session,
      )
      return rows[0]
    })
    expect(Number(inlined?.generic_plans)).toBeGreaterThan(0)

    // The same statement with its LIMIT as a parameter, in a session of its own: custom plans only.
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      for (let run = 0; run < 8; run += 1) {
        await client.query({
          name: 'paged',
          text: 'select id from paging_probe where k = $1 order by id limit $2',
          values: [run % 2, 51],
        })
      }
      const parameter = await plansOf(client, '%limit $2')
      expect(Number(parameter?.generic_plans)).toBe(0)
      expect(Number(parameter?.custom_plans)).toBe(8)
    } finally {
      await client.end()
    }
  })
})
