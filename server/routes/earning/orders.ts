/**
 * Orders: `POST /create-order/` (JSON, authenticated, optional Idempotency-Key; or the card test
 * page's form-encoded variant with a CSRF header), `GET /orders/:id` (the user's own order, as the
 * payment pages show it), `POST /orders/:id/utr/` (the user's 12-digit UPI reference),
 * `GET /payment-result/?order_id=` (what a result page shows: the user's order or the card
 * provider's, `data: null` when neither knows it; a token is optional), and `GET /csrf-token/`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { earningRoutes as schemas } from '../../../contract/api/earning.ts'
import { randomToken } from '../../lib/crypto.ts'
import { appContext } from '../../context.ts'
import { readIdempotencyKey } from '../../earning/idempotency-keys.ts'
import { createOrderOnce } from '../../earning/orders.ts'
import { ownOrder } from '../../earning/order-view.ts'
import { submitUtr } from '../../earning/utr.ts'
import { paymentResult } from '../../earning/payment-result.ts'
import {
  CSRF_COOKIE,
  assertCsrf,
  createCardOrder,
  parseCardOrderForm,
} from '../../earning/card-payments.ts'

const isForm = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')

export default async function orderRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)

  app.get('/csrf-token/', { schema: schemas.csrfToken }, async (request, reply) => {
    const token = randomToken()
    const secure = request.protocol === 'https' ? '; Secure' : ''
    reply.header(
      'Set-Cookie',
      `${CSRF_COOKIE}=${token}; Path=/api/v1; HttpOnly; SameSite=Strict; Max-Age=7200${secure}`,
    )
    reply.header('Cache-Control', 'no-store')
    return { csrf_token: token }
  })

  app.post(
    '/create-order/',
    {
      schema: schemas.createOrder,
      config: { idempotencyKey: 'optional' },
      // The card test page (the /payment route) is public and CSRF-protected; the JSON call needs a token.
      onRequest: async (request) => {
        if (!isForm(request)) await app.authenticate(request)
      },
    },
    async (request, reply) => {
      if (isForm(request)) {
        assertCsrf(request.headers.cookie, request.headers['x-csrf-token'])
        const form = parseCardOrderForm(request.body)
        return createCardOrder(app.config, form)
      }
      const key = readIdempotencyKey(request.headers['idempotency-key'], false)
      const body = {
        amount: request.body.amount,
        membership_plan_id: request.body.membership_plan_id,
      }
      const answer = await createOrderOnce(ctx, {
        userId: request.userId,
        key,
        body,
        note: request.replayNote,
      })
      return reply.status(answer.status).send(answer.body)
    },
  )

  app.get(
    '/orders/:id',
    { schema: schemas.getOrder, onRequest: app.authenticate },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return { data: await ownOrder(app.db, request.userId, request.params.id, ctx.now()) }
    },
  )

  app.post(
    '/orders/:id/utr/',
    { schema: schemas.submitUtr, onRequest: app.authenticate },
    async (request) => ({
      message: 'Thank you. We will confirm your payment once it reaches us.',
      data: await submitUtr(ctx, request.userId, request.params.id, request.body.utr),
    }),
  )

  app.get(
    '/payment-result/',
    {
      schema: schemas.paymentResult,
      // Optional sign-in: a guest (the card test page) is answered from the card provider alone.
      onRequest: async (request) => {
        if (request.headers.authorization) await app.authenticate(request)
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const userId = request.headers.authorization ? request.userId : null
      const orderId = String(request.query.order_id ?? '')
      return { data: await paymentResult(app.config, app.db, userId, orderId, ctx.now()) }
    },
  )
}
