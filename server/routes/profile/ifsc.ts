/** `GET /ifsc/:code`: the IFSC lookup of docs/product.md#validation through our API (docs/product.md#configuration), with its cache. */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { profileRoutes as schemas } from '../../../contract/api/profile.ts'
import { lookupIfsc } from '../../profile/ifsc-lookup.ts'

export default async function ifscRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/ifsc/:code',
    {
      onRequest: app.authenticate,
      // Each miss costs a call to the public IFSC service: keep one client from flooding it.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: schemas.ifsc,
    },
    async (request) =>
      lookupIfsc(app.db, request.params.code, {
        serviceUrl: app.config.ifscApiUrl,
        log: request.log,
      }),
  )
}
