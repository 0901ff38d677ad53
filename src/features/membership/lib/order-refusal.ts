/**
 * The server's own words for an order it refuses on purpose (docs/product.md#transparency): too many open orders,
 * or the fee already paid. Other failures get the product’s generic 'Error creating order…'.
 */
import { HTTPError } from 'ky'
import { apiErrorText } from '@/lib/api-error-text'

const SPOKEN_CODES = new Set(['TOO_MANY_OPEN_ORDERS', 'FEE_ALREADY_PAID'])

/** The server's message for a refusal worth showing as is; null for any other failure. */
export async function orderRefusal(error: unknown): Promise<string | null> {
  if (!(error instanceof HTTPError)) return null
  try {
    const body = (await error.response.clone().json()) as { code?: string; message?: string }
    return body.code && SPOKEN_CODES.has(body.code) && body.message ? apiErrorText(body) : null
  } catch {
    return null
  }
}
