/**
 * Orders: `POST /create-order/` (JSON, authenticated, optional Idempotency-Key; or the card test
 * page's form-encoded variant with a CSRF header), `GET /orders/:id`, and `GET /csrf-token/`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { randomToken } from '../../lib/crypto.ts'
import { notFound } from '../../lib/errors.ts'
import { contextOf } from '../../earning/context.ts'
import { readIdempotencyKey, runIdempotent } from '../../earning/idempotency.ts'
import { createOrder } from '../../earning/orders.ts'
import {
  CSRF_COOKIE,
  assertCsrf,
  createCardOrder,
  parseCardOrderForm,
} from '../../earning/card-payments.ts'

const isForm = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')

export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  const ctx = contextOf(app)

  app.get('/csrf-token/', async (request, reply) => {
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
      // The card test page (SPEC /payment) is public and CSRF-protected; the JSON call needs a token.
      preHandler: async (request) => {
        if (!isForm(request)) await app.authenticate(request)
      },
    },
    async (request, reply) => {
      if (isForm(request)) {
        assertCsrf(request.headers.cookie, request.headers['x-csrf-token'])
        const form = parseCardOrderForm((request.body ?? {}) as Record<string, unknown>)
        return createCardOrder(app.config, form)
      }
      const key = readIdempotencyKey(request.headers['idempotency-key'], false)
      const body = (request.body ?? {}) as { amount?: unknown; membership_plan_id?: unknown }
      if (!key) {
        const data = await app.db
          .transaction()
          .execute((tx) => createOrder(ctx, tx, request.userId, body, null))
        return { data }
      }
      const answer = await runIdempotent(
        ctx,
        { userId: request.userId, key, route: 'create-order', body },
        async (tx) => ({
          status: 200,
          body: { data: await createOrder(ctx, tx, request.userId, body, key) },
        }),
      )
      return reply.status(answer.status).send(answer.body)
    },
  )

  app.get<{ Params: { id: string } }>(
    '/orders/:id',
    { preHandler: app.authenticate },
    async (request) => {
      const order = await app.db
        .selectFrom('orders')
        .select(['order_id', 'amount', 'status', 'purpose', 'membership_plan_id', 'upi_reference'])
        .where('order_id', '=', request.params.id)
        .where('user_id', '=', request.userId)
        .executeTakeFirst()
      if (!order) throw notFound('ORDER_NOT_FOUND', 'No such order.')
      return { data: order }
    },
  )
}
