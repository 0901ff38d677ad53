/**
 * Idempotency-Keys themselves (docs/product.md#api, #security): reading the header and the hash that decides "the
 * same request". A client's key is stored as `client:KEY`, so it can never equal a key the server
 * writes on a ledger row (`signup_bonus`, `referral:<id>`, `order:<id>`, …). Running a request once
 * per key is idempotency.ts; releasing keys a crash left in flight, server/db/abandoned-keys.ts.
 */
import { badRequest } from '../lib/errors.ts'
import { sha256 } from '../lib/crypto.ts'

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/

/** The namespace of keys clients send; the server's own ledger keys never start with it. */
const CLIENT_KEY_PREFIX = 'client:'

/**
 * Reads the Idempotency-Key header and returns it as stored: `client:KEY`. Throws 400
 * IDEMPOTENCY_KEY_REQUIRED `{ field }` when it is required and missing, 400 VALIDATION `{ field }`
 * when malformed (1–128 of letters, digits, `_.:-`). Null when optional and absent.
 */
export function readIdempotencyKey(header: unknown, required: true): string
export function readIdempotencyKey(header: unknown, required: boolean): string | null
export function readIdempotencyKey(header: unknown, required: boolean): string | null {
  const value = Array.isArray(header) ? header[0] : header
  if (typeof value !== 'string' || value.trim() === '') {
    if (required)
      throw badRequest('IDEMPOTENCY_KEY_REQUIRED', 'The Idempotency-Key header is required.', {
        field: 'Idempotency-Key',
      })
    return null
  }
  const key = value.trim()
  if (!KEY_PATTERN.test(key)) {
    throw badRequest(
      'VALIDATION',
      'The Idempotency-Key header must be 1–128 letters, digits or _.:-',
      { field: 'Idempotency-Key' },
    )
  }
  return `${CLIENT_KEY_PREFIX}${key}`
}

/** JSON with object keys sorted, so equal bodies hash equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/** SHA-256 of the route and the canonical JSON body: what decides "the same request". */
export function requestHash(route: string, body: unknown): string {
  return sha256(`${route}\n${canonical(body ?? {})}`)
}
