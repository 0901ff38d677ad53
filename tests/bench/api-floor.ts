/**
 * What `npm run bench:api` measures besides the load: the statements this process sends to
 * either database (counted from the moment this module is loaded), and the floor, a bare
 * Fastify app on the API's own database (token lookup and one row read) that every route is
 * shown as a share of.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import SQLite from 'better-sqlite3'
import { lookUpToken, readToken } from '../../server/plugins/auth.ts'

/** Statements sent to either database by this process so far (see `countStatements`). */
let statements = 0

/** Statements sent to either database by this process so far. */
export const statementsSent = () => statements

/**
 * Counts every statement the process sends: each `query` of a pg client (the pool's clients are
 * pg.Client instances) and each statement better-sqlite3 prepares (Kysely prepares one per query,
 * BEGIN and COMMIT included).
 */
function countStatements() {
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const query = client.query
  client.query = function (this: unknown, ...args: unknown[]) {
    statements += 1
    return query.apply(this, args)
  }
  const sqlite = SQLite.prototype as unknown as { prepare: (...args: unknown[]) => unknown }
  const prepare = sqlite.prepare
  sqlite.prepare = function (this: unknown, ...args: unknown[]) {
    statements += 1
    return prepare.apply(this, args)
  }
}
countStatements()

/**
 * The floor: bare Fastify on `app`'s database, answering `GET /floor` with the same token lookup
 * as `authenticate` (`lookUpToken`, server/plugins/auth.ts) and one read of the token's user.
 */
export async function startFloor(app: FastifyInstance): Promise<FastifyInstance> {
  const floor = Fastify({ logger: false })
  floor.get('/floor', async (request, reply) => {
    const token = readToken(request.headers.authorization)
    if (!token) return reply.status(401).send({ message: 'no token', code: 'UNAUTHORIZED' })
    const owner = await lookUpToken(app.db, token, new Date().toISOString())
    if (!owner) return reply.status(401).send({ message: 'bad token', code: 'UNAUTHORIZED' })
    return app.db
      .selectFrom('users')
      .select(['id', 'first_name', 'points', 'views'])
      .where('id', '=', owner.userId)
      .executeTakeFirst()
  })
  await floor.listen({ port: 0, host: '127.0.0.1' })
  return floor
}
