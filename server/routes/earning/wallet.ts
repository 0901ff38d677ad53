/** `GET /wallet/`: the balance and every ledger row, withdrawal and order of the user (DECISIONS §4). */
import type { FastifyInstance } from 'fastify'
import { contextOf } from '../../earning/context.ts'
import { walletFor } from '../../earning/wallet.ts'

export default async function walletRoutes(app: FastifyInstance): Promise<void> {
  const ctx = contextOf(app)
  app.get('/wallet/', { preHandler: app.authenticate }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    return { data: await walletFor(app.db, request.userId, ctx.now()) }
  })
}
