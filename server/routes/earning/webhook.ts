/**
 * `POST /payment-webhook/` (no auth): the payment provider's signed notice (DECISIONS §8).
 * `X-Webhook-Signature` is the hex HMAC-SHA256 of the raw body with PAYMENT_WEBHOOK_SECRET; a
 * bad or missing signature is refused with 401 and changes nothing. PAID confirms the order
 * exactly as `npm run ops -- confirm-order` does; FAILED rejects it.
 */
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { ApiError, badRequest, unauthorized } from '../../lib/errors.ts'
import { contextOf } from '../../earning/context.ts'
import { confirmOrder, rejectOrder } from '../../earning/orders.ts'

/** The hex HMAC-SHA256 of `rawBody` with `secret`. */
export function signWebhook(rawBody: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(rawBody).digest('hex')
}

/** Whether `signature` (hex, optionally 'sha256=…') signs `rawBody` with `secret`. */
export function isValidSignature(rawBody: string, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string') return false
  const given = Buffer.from(signature.trim().replace(/^sha256=/i, ''), 'hex')
  const expected = Buffer.from(signWebhook(rawBody, secret), 'hex')
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

export default async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const ctx = contextOf(app)
  // Encapsulated: only this plugin's routes receive the raw JSON text, needed for the signature.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  )

  app.post('/payment-webhook/', async (request) => {
    const secret = app.config.webhookSecret
    if (!secret)
      throw new ApiError(503, 'WEBHOOK_NOT_CONFIGURED', 'The payment webhook is not configured.')
    const raw = typeof request.body === 'string' ? request.body : ''
    if (!isValidSignature(raw, request.headers['x-webhook-signature'], secret)) {
      throw unauthorized('Invalid webhook signature.')
    }
    let event: { order_id?: unknown; status?: unknown; upi_reference?: unknown }
    try {
      event = JSON.parse(raw)
    } catch {
      throw badRequest('VALIDATION', 'The webhook body is not JSON.')
    }
    if (typeof event.order_id !== 'string' || !event.order_id)
      throw badRequest('VALIDATION', 'order_id is required.')
    if (event.status === 'PAID') {
      const outcome = await confirmOrder(ctx, event.order_id, event.upi_reference)
      return { message: 'Order confirmed.', order_id: outcome.order_id, status: outcome.status }
    }
    if (event.status === 'FAILED') {
      const outcome = await rejectOrder(ctx, event.order_id, 'Payment failed at the provider')
      return { message: 'Order rejected.', order_id: outcome.order_id, status: outcome.status }
    }
    throw badRequest('VALIDATION', "status must be 'PAID' or 'FAILED'.")
  })
}
