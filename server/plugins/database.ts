/** Opens, migrates and seeds the database, and decorates the app with `db` and `engine`. */
import fp from 'fastify-plugin'
import { openDatabase, type Db, type Engine } from '../db/index.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    engine: Engine
  }
}

export default fp(async (app) => {
  const handle = openDatabase(app.config.databaseUrl)
  await migrateToLatest(handle.db as never, handle.engine)
  if (app.config.seed) await seedDatabase(handle.db)
  app.decorate('db', handle.db)
  app.decorate('engine', handle.engine)
  app.addHook('onClose', async () => handle.close())
})
