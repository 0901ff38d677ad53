/**
 * Opens, migrates and seeds the database, releases the Idempotency-Keys a crash left in flight
 * (DECISIONS §6–7), and decorates the app with `db`, `asyncCommitDb` and `engine`.
 */
import fp from 'fastify-plugin'
import { openDatabase, type Db, type Engine } from '../db/index.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** Writes a crash may lose without harm (server/db/index.ts `openDatabase`); SQLite: `db`. */
    asyncCommitDb: Db
    engine: Engine
  }
}

export default fp(async (app) => {
  const handle = openDatabase(app.config.databaseUrl, app.config.databasePoolSize)
  await migrateToLatest(handle.db as never, handle.engine)
  if (app.config.seed) await seedDatabase(handle.db)
  app.decorate('db', handle.db)
  app.decorate('asyncCommitDb', handle.asyncCommitDb)
  app.decorate('engine', handle.engine)
  app.addHook('onClose', async () => handle.close())
})
