/**
 * `GET /wallet/?before=&limit=`: the balance and one page of the user's ledger rows, with the
 * newest withdrawals and orders on the first page (DECISIONS §4, §8a).
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { earningRoutes as schemas } from '../../../contract/api/earning.ts'
import { appContext } from '../../context.ts'
import { walletFor } from '../../earning/wallet.ts'

export default async function walletRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  app.get(
    '/wallet/',
    { schema: schemas.wallet, onRequest: app.authenticate },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const { before, limit } = request.query
      return { data: await walletFor(app.db, request.userId, ctx.now(), { before, limit }) }
    },
  )
}
