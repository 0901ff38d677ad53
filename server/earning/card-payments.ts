/**
 * The card payment test page's order (docs/product.md#screens `/payment`, §7): a double-submit CSRF token, and
 * with PAYMENT_PROVIDER=cashfree an order created at the provider, whose session token is the
 * `cftoken` the page starts checkout with. Without a card provider the page is told to pay by UPI.
 */
import crypto from 'node:crypto'
import type { AppConfig } from '../config.ts'
import { ApiError, badRequest, forbidden } from '../lib/errors.ts'
import { EMAIL_PATTERN } from '../../contract/validation.ts'
import type { PaymentResultOrder } from '../../contract/api/orders.ts'

/** Name of the cookie holding the CSRF token. */
export const CSRF_COOKIE = 'csrf_token'

/** Reads one cookie from a Cookie header. */
function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return null
}

/** Throws 403 CSRF_INVALID unless the X-CSRF-Token header equals the csrf cookie. */
export function assertCsrf(cookieHeader: string | undefined, headerToken: unknown): void {
  const cookie = readCookie(cookieHeader, CSRF_COOKIE)
  const header = typeof headerToken === 'string' ? headerToken : ''
  const ok =
    cookie !== null &&
    cookie.length >= 16 &&
    cookie.length === header.length &&
    crypto.timingSafeEqual(Buffer.from(cookie), Buffer.from(header))
  if (!ok)
    throw forbidden('CSRF_INVALID', 'This form has expired. Please reload the page and try again.')
}

/** The test page's form fields, checked. `order_amount` is rupees (may have paise). */
export interface CardOrderForm {
  order_id: string
  order_amount: number
  customer_name: string
  customer_email: string
  customer_phone: string
}

/** Checks the form; throws 400 VALIDATION naming the first bad field. */
export function parseCardOrderForm(body: Record<string, unknown>): CardOrderForm {
  const text = (k: string) => (typeof body[k] === 'string' ? (body[k] as string).trim() : '')
  const form = {
    order_id: text('order_id'),
    order_amount: Number(text('order_amount')),
    customer_name: text('customer_name'),
    customer_email: text('customer_email'),
    customer_phone: text('customer_phone'),
  }
  if (!/^[A-Za-z0-9_-]{3,45}$/.test(form.order_id))
    throw badRequest('VALIDATION', 'Enter a valid order id.')
  if (
    !(form.order_amount >= 1) ||
    !Number.isFinite(form.order_amount) ||
    Math.round(form.order_amount * 100) !== form.order_amount * 100
  ) {
    throw badRequest('VALIDATION', 'Enter a valid order amount.')
  }
  if (!form.customer_name || form.customer_name.length > 60)
    throw badRequest('VALIDATION', 'Enter the customer name.')
  if (!EMAIL_PATTERN.test(form.customer_email))
    throw badRequest('VALIDATION', 'Enter a valid customer email.')
  if (!/^\d{10}$/.test(form.customer_phone))
    throw badRequest('VALIDATION', 'Enter a valid 10-digit customer phone.')
  return form
}

/**
 * Creates the order at the card provider and returns `{cftoken, order_id}`.
 * Throws 501 CARD_PROVIDER_NOT_CONFIGURED without PAYMENT_PROVIDER=cashfree, 502 CARD_PROVIDER_ERROR
 * when the provider refuses or cannot be reached (10 s timeout).
 */
export async function createCardOrder(
  config: AppConfig,
  form: CardOrderForm,
): Promise<{ cftoken: string; order_id: string }> {
  if (config.paymentProvider !== 'cashfree' || !config.cashfree) {
    throw new ApiError(
      501,
      'CARD_PROVIDER_NOT_CONFIGURED',
      'Card payments are not set up on this server. Pay by UPI from the Membership Plans page.',
    )
  }
  const { appId, secretKey, baseUrl } = config.cashfree
  try {
    const res = await fetch(`${baseUrl.replace(/\/$/, '')}/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': appId,
        'x-client-secret': secretKey,
        'x-api-version': '2023-08-01',
      },
      body: JSON.stringify({
        order_id: form.order_id,
        order_amount: form.order_amount,
        order_currency: 'INR',
        customer_details: {
          customer_id: form.customer_phone,
          customer_name: form.customer_name,
          customer_email: form.customer_email,
          customer_phone: form.customer_phone,
        },
      }),
      signal: AbortSignal.timeout(10_000),
    })
    const data = (await res.json().catch(() => ({}))) as {
      payment_session_id?: string
      order_id?: string
    }
    if (!res.ok || !data.payment_session_id) throw new Error(`provider answered ${res.status}`)
    return { cftoken: data.payment_session_id, order_id: data.order_id ?? form.order_id }
  } catch {
    throw new ApiError(502, 'CARD_PROVIDER_ERROR', 'Error processing payment. Please try again.')
  }
}

/** A card order as the provider reports it, for the public result pages. Amount in rupees (may have paise). */
export type CardOrderStatus = Pick<PaymentResultOrder, 'order_id' | 'amount'> & {
  status: 'confirmed' | 'pending' | 'expired' | 'rejected'
  method: 'Card'
}

const CASHFREE_STATUS: Record<string, CardOrderStatus['status']> = {
  PAID: 'confirmed',
  ACTIVE: 'pending',
  EXPIRED: 'expired',
  TERMINATED: 'rejected',
  TERMINATION_REQUESTED: 'rejected',
}

/**
 * Asks the card provider for order `orderId` (Cashfree `GET /orders/{id}`), so a result page shows
 * the provider's record and never the address's (docs/product.md#transparency). Throws 404 ORDER_NOT_FOUND
 * without a card provider or when the provider does not know the order, 502 CARD_PROVIDER_ERROR
 * when it cannot be reached (10 s timeout).
 */
export async function fetchCardOrder(config: AppConfig, orderId: string): Promise<CardOrderStatus> {
  const missing = new ApiError(404, 'ORDER_NOT_FOUND', 'We could not find this payment.')
  if (config.paymentProvider !== 'cashfree' || !config.cashfree) throw missing
  if (!/^[A-Za-z0-9_-]{3,45}$/.test(orderId)) throw missing
  const { appId, secretKey, baseUrl } = config.cashfree
  let res: Response
  try {
    res = await fetch(`${baseUrl.replace(/\/$/, '')}/orders/${encodeURIComponent(orderId)}`, {
      headers: {
        'x-client-id': appId,
        'x-client-secret': secretKey,
        'x-api-version': '2023-08-01',
      },
      signal: AbortSignal.timeout(10_000),
    })
  } catch {
    throw new ApiError(
      502,
      'CARD_PROVIDER_ERROR',
      'Failed to load transaction details. Please try again.',
    )
  }
  if (res.status === 404) throw missing
  const data = (await res.json().catch(() => ({}))) as {
    order_id?: string
    order_amount?: number
    order_status?: string
  }
  const status = CASHFREE_STATUS[data.order_status ?? '']
  if (!res.ok || !status || typeof data.order_amount !== 'number') {
    throw new ApiError(
      502,
      'CARD_PROVIDER_ERROR',
      'Failed to load transaction details. Please try again.',
    )
  }
  return { order_id: data.order_id ?? orderId, amount: data.order_amount, status, method: 'Card' }
}
