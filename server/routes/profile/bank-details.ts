/**
 * `GET /bank-details/` (the form's prefill) and `POST /bank-details/` (save after resolving the
 * IFSC the same way `GET /ifsc/:code` does), SPEC §3 and §7.
 */
import type { FastifyInstance } from 'fastify'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import {
  checkBankDetails,
  getBankDetails,
  saveBankDetails,
  type BankDetailsBody,
} from '../../profile/bank-details.ts'
import { lookupIfsc, type IfscAnswer } from '../../profile/ifsc-lookup.ts'
import { looseString, messageResponse } from './schemas.ts'

export default async function bankDetailsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/bank-details/',
    {
      preHandler: app.authenticate,
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['data'],
            properties: {
              data: {
                type: 'object',
                required: ['data'],
                properties: {
                  data: {
                    type: 'object',
                    required: ['acc_no', 'ifsc', 'holder_name', 'bank', 'branch'],
                    properties: {
                      acc_no: { type: 'string' },
                      ifsc: { type: 'string' },
                      holder_name: { type: 'string' },
                      bank: { type: 'string' },
                      branch: { type: 'string' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const details = await getBankDetails(app.db, request.userId)
      if (!details) throw notFound('NO_BANK_DETAILS', 'No bank details saved yet.')
      reply.header('Cache-Control', 'no-store')
      return { data: { data: details } }
    },
  )

  app.post<{ Body: BankDetailsBody }>(
    '/bank-details/',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        body: {
          type: 'object',
          properties: {
            account_number: looseString,
            ifsc: looseString,
            account_holder: looseString,
          },
        },
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const input = checkBankDetails(request.body ?? {})
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
