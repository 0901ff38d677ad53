/** `GET /our-partners/` (docs/product.md#api, no token): the partners from seed data, logos under /partners/. */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { profileRoutes as schemas } from '../../../contract/api/profile.ts'
import { listPartners } from '../../profile/partners.ts'

export default async function partnersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/our-partners/', { schema: schemas.ourPartners }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300')
    return listPartners(app.db)
  })
}
