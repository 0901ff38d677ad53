/**
 * `GET /wallet/?before=&withdrawals_before=&orders_before=&limit=`: the balance and one page of the
 * user's ledger rows, withdrawals and orders, each list paged by its own cursor (docs/product.md#transparency, #scale).
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
      const { before, withdrawals_before, orders_before, limit } = request.query
      return {
        data: await walletFor(app.db, request.userId, ctx.now(), {
          before,
          withdrawalsBefore: withdrawals_before,
          ordersBefore: orders_before,
          limit,
        }),
      }
    },
  )
}
