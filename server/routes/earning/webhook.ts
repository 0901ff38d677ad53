/**
 * `POST /payment-webhook/` (no auth): Cashfree's payment webhook (docs/product.md#operators), verified
 * exactly as Cashfree documents it: `x-webhook-signature` is the base64 HMAC-SHA256, keyed with the
 * configured secret, of the `x-webhook-timestamp` header (ms since the epoch) followed by the raw
 * body. A bad or missing signature, or a timestamp more than WEBHOOK_TOLERANCE_MS from now (a
 * replayed event), is refused with 401 and changes nothing.
 *
 * Events (Cashfree's payload: `{ data: { order, payment, customer_details }, event_time, type }`):
 * PAYMENT_SUCCESS_WEBHOOK with payment_status SUCCESS confirms the order exactly as
 * `npm run ops -- confirm-order` does, with the payment's `bank_reference` (the UPI UTR) or
 * `cf_payment_id`, once the amount paid equals the order's. A failed or dropped attempt changes
 * nothing: the user may pay again while the order is open. Other events and orders this app did
 * not create (the card test page's) are acknowledged and ignored.
 */
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { earningRoutes as schemas } from '../../../contract/api/earning.ts'
import { ApiError, badRequest, conflict, unauthorized } from '../../lib/errors.ts'
import { appContext } from '../../context.ts'
import { confirmOrder } from '../../earning/order-settlement.ts'

/** How far the webhook's timestamp may be from the server's clock: 5 minutes, in ms. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000

/** Cashfree's signature: base64(HMAC-SHA256(secret, timestamp + rawBody)). */
export function signCashfreeWebhook(timestamp: string, rawBody: string, secret: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('base64')
}

/**
 * Whether `signature` (base64) signs `timestamp` + `rawBody` with `secret`, and `timestamp`
 * (ms since the epoch) lies within WEBHOOK_TOLERANCE_MS of `now`. Constant-time comparison.
 */
function isValidCashfreeSignature(
  rawBody: string,
  signature: unknown,
  timestamp: unknown,
  secret: string,
  now: Date,
): boolean {
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return false
  if (!/^\d{10,16}$/.test(timestamp)) return false
  if (Math.abs(now.getTime() - Number(timestamp)) > WEBHOOK_TOLERANCE_MS) return false
  const given = Buffer.from(signature.trim(), 'base64')
  const expected = Buffer.from(signCashfreeWebhook(timestamp, rawBody, secret), 'base64')
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

/** The fields of Cashfree's payment webhook this app reads. */
interface CashfreeEvent {
  type?: unknown
  data?: {
    order?: { order_id?: unknown; order_amount?: unknown }
    payment?: {
      cf_payment_id?: unknown
      payment_status?: unknown
      payment_amount?: unknown
      bank_reference?: unknown
    }
  }
}

export default async function webhookRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  // Encapsulated: only this plugin's routes receive the raw JSON text, needed for the signature.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  )

  app.post('/payment-webhook/', { schema: schemas.paymentWebhook }, async (request) => {
    const secret = app.config.webhookSecret || app.config.cashfree?.webhookSecret
    if (!secret)
      throw new ApiError(503, 'WEBHOOK_NOT_CONFIGURED', 'The payment webhook is not configured.')
    const raw = typeof request.body === 'string' ? request.body : ''
    const valid = isValidCashfreeSignature(
      raw,
      request.headers['x-webhook-signature'],
      request.headers['x-webhook-timestamp'],
      secret,
      ctx.now(),
    )
    if (!valid) throw unauthorized('Invalid or stale webhook signature.')
    let event: CashfreeEvent
    try {
      event = JSON.parse(raw) as CashfreeEvent
    } catch {
      throw badRequest('VALIDATION', 'The webhook body is not JSON.')
    }
    const orderId = event.data?.order?.order_id
    const payment = event.data?.payment
    if (typeof orderId !== 'string' || !orderId || !payment)
      throw badRequest('VALIDATION', 'data.order.order_id and data.payment are required.')
    if (event.type !== 'PAYMENT_SUCCESS_WEBHOOK' || payment.payment_status !== 'SUCCESS') {
      return { message: 'Event noted; nothing to change.', order_id: orderId }
    }
    const order = await app.db
      .selectFrom('orders')
      .select(['amount'])
      .where('order_id', '=', orderId)
      .executeTakeFirst()
    if (!order) return { message: 'Not an order of this app; ignored.', order_id: orderId }
    if (Number(payment.payment_amount) !== Number(order.amount)) {
      throw conflict(
        'AMOUNT_MISMATCH',
        `Order ${orderId} is for ₹${order.amount}; the payment was ${String(payment.payment_amount)}.`,
      )
    }
    const bankRef = typeof payment.bank_reference === 'string' ? payment.bank_reference.trim() : ''
    const reference = /^[A-Za-z0-9._/-]{1,64}$/.test(bankRef)
      ? bankRef
      : `CF${String(payment.cf_payment_id ?? '')}`
    const outcome = await confirmOrder(ctx, orderId, reference, { fromProvider: true })
    return { message: 'Order confirmed.', order_id: outcome.order_id, status: outcome.status }
  })
}
