/**
 * `GET /bank-details/` (the form's prefill) and `POST /bank-details/` (save after resolving the
 * IFSC the same way `GET /ifsc/:code` does), docs/product.md#api.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { profileRoutes as schemas, type IfscAnswer } from '../../../contract/api/profile.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { checkBankDetails, getBankDetails, saveBankDetails } from '../../profile/bank-details.ts'
import { lookupIfsc } from '../../profile/ifsc-lookup.ts'

export default async function bankDetailsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/bank-details/',
    { schema: schemas.getBankDetails, onRequest: app.authenticate },
    async (request, reply) => {
      // None saved yet is an answer, not an error: the form opens empty.
      const details = await getBankDetails(app.db, request.userId)
      reply.header('Cache-Control', 'no-store')
      return { data: { data: details ?? null } }
    },
  )

  app.post(
    '/bank-details/',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: schemas.saveBankDetails,
    },
    async (request) => {
      const input = checkBankDetails(request.body)
      let resolved: IfscAnswer
      try {
        resolved = await lookupIfsc(app.db, input.ifsc, {
          serviceUrl: app.config.ifscApiUrl,
          log: request.log,
        })
      } catch (error) {
        // Contract: an unknown IFSC is a bad field of this form, so 400 (not the lookup's 404).
        if (error instanceof ApiError && error.code === 'IFSC_NOT_FOUND') {
          throw badRequest('IFSC_NOT_FOUND', error.message)
        }
        throw error
      }
      await saveBankDetails(app.db, request.userId, input, resolved)
      return { message: 'Bank details saved.' }
    },
  )
}
