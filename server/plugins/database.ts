/**
 * Decorates the app with `db`, `asyncCommitDb`, `engine` and its `dialect`: the request pools
 * (PostgreSQL: every session under `statement_timeout`, server/db/index.ts). The database is migrated and seeded
 * before the app is built (server/db/prepare.ts), so no plugin's start-up work grows with the tables
 * and Fastify's plugin timeout holds at any size (docs/product.md#scale).
 */
import fp from 'fastify-plugin'
import {
  isDatabaseReachable,
  openDatabase,
  type DatabaseHandle,
  type Db,
  type Engine,
  type SqlDialect,
} from '../db/index.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** Writes a crash may lose without harm (server/db/index.ts `openDatabase`); SQLite: `db`. */
    asyncCommitDb: Db
    engine: Engine
    /** The engine's differences the domain asks for (server/db/dialect.ts). */
    dialect: SqlDialect
    /** Whether the database answers a trivial query (`GET /healthz`, `GET /readyz`). */
    databaseReachable(): Promise<boolean>
  }
}

export default fp<{ prepared?: DatabaseHandle }>(async (app, options) => {
  const handle =
    options.prepared ?? openDatabase(app.config.databaseUrl, app.config.databasePoolSize)
  app.decorate('db', handle.db)
  app.decorate('asyncCommitDb', handle.asyncCommitDb)
  app.decorate('engine', handle.engine)
  app.decorate('dialect', handle.dialect)
  app.decorate('databaseReachable', () => isDatabaseReachable(handle.db))
  app.addHook('onClose', async () => handle.close())
})
