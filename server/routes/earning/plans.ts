/** `GET /get-membership/`: every active membership plan, as an array (docs/product.md#api). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { earningRoutes as schemas } from '../../../contract/api/earning.ts'
import { activePlans } from '../../earning/membership.ts'

export default async function planRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/get-membership/',
    { schema: schemas.getMembership, onRequest: app.authenticate },
    async () => activePlans(app.db),
  )
}
