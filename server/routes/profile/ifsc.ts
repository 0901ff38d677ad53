/** `GET /ifsc/:code`: the IFSC lookup of SPEC §5 through our API (DECISIONS §2), with its cache. */
import type { FastifyInstance } from 'fastify'
import { lookupIfsc } from '../../profile/ifsc-lookup.ts'
import { ifscAnswer } from './schemas.ts'

export default async function ifscRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { code: string } }>(
    '/ifsc/:code',
    {
      preHandler: app.authenticate,
      // Each miss costs a call to the public IFSC service: keep one client from flooding it.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        params: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
        response: { 200: ifscAnswer },
      },
    },
    async (request) =>
      lookupIfsc(app.db, request.params.code, {
        serviceUrl: app.config.ifscApiUrl,
        log: request.log,
      }),
  )
}
