/**
 * Real databases for API and end-to-end tests: an in-memory SQLite database, or a fresh
 * PostgreSQL database on the local server (127.0.0.1:5432, trust auth), created per test file
 * and dropped afterwards so files can run in parallel.
 */
import crypto from 'node:crypto'
import pg from 'pg'

export type EngineName = 'sqlite' | 'postgres'

/** The engines every API test file runs on. */
export const ENGINES: EngineName[] = ['sqlite', 'postgres']

const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export interface TestDatabase {
  url: string
  drop(): Promise<void>
}

/** Creates an empty database for one test file on `engine`. */
export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'sqlite') return { url: 'file::memory:', drop: async () => {} }
  const name = `t_${Date.now()}_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
