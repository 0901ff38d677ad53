/**
 * Push subscriptions, one per device: saved by `POST /push/subscriptions` for the token's user,
 * removed by `DELETE /push/subscriptions`, by logging out with the token that saved it, and when
 * the push service answers 404 or 410 (the browser dropped it).
 */
import crypto from 'node:crypto'
import type { Db } from '../db/index.ts'
import type { PushLanguage } from '../db/schema/push.ts'
import { badRequest, conflict } from '../lib/errors.ts'

/** A browser PushSubscription as the PWA sends it (`subscription.toJSON()` plus the language). */
export interface SubscriptionInput {
  endpoint: string
  keys: { p256dh: string; auth: string }
  lang: PushLanguage
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/

/**
 * Checks the push service URL: `https:`, no user info, at most 1,000 characters, on one of
 * `allowedHosts` (the host itself or a subdomain), so the server never posts to a URL of the
 * user's choosing. Throws 400 VALIDATION (field `endpoint`).
 */
export function checkEndpoint(value: unknown, allowedHosts: string[]): string {
  const refuse = (why: string) => badRequest('VALIDATION', why, { field: 'endpoint' })
  if (typeof value !== 'string' || value.length === 0 || value.length > 1000)
    throw refuse('endpoint must be the push service URL of the subscription.')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw refuse('endpoint is not a URL.')
  }
  if (url.protocol !== 'https:' || url.username || url.password)
    throw refuse('endpoint must be an https URL.')
  const host = url.hostname.toLowerCase()
  if (!allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`)))
    throw refuse('endpoint is not on a known push service.')
  return value
}

/**
 * Checks a subscription body `{ endpoint, keys: { p256dh, auth }, lang? }`: the endpoint as
 * `checkEndpoint`, `p256dh` a P-256 public key (65 bytes, base64url), `auth` 16 bytes
 * (base64url); `lang` 'hi' (or `hi-…`) writes notifications in Hindi, anything else English.
 * Throws 400 VALIDATION naming the field.
 */
export function checkSubscription(body: unknown, allowedHosts: string[]): SubscriptionInput {
  const input = (body ?? {}) as {
    endpoint?: unknown
    keys?: { p256dh?: unknown; auth?: unknown }
    lang?: unknown
  }
  const endpoint = checkEndpoint(input.endpoint, allowedHosts)
  const keys = typeof input.keys === 'object' && input.keys !== null ? input.keys : {}
  const p256dh = keys.p256dh
  if (typeof p256dh !== 'string' || !BASE64URL.test(p256dh) || !isP256PublicKey(p256dh))
    throw badRequest('VALIDATION', 'keys.p256dh must be a P-256 public key, base64url.', {
      field: 'keys.p256dh',
    })
  const auth = keys.auth
  if (
    typeof auth !== 'string' ||
    !BASE64URL.test(auth) ||
    Buffer.from(auth, 'base64url').length !== 16
  )
    throw badRequest('VALIDATION', 'keys.auth must be 16 bytes, base64url.', { field: 'keys.auth' })
  const lang = typeof input.lang === 'string' && /^hi(-|$)/i.test(input.lang) ? 'hi' : 'en'
  return { endpoint, keys: { p256dh, auth }, lang }
}

function isP256PublicKey(value: string): boolean {
  const bytes = Buffer.from(value, 'base64url')
  if (bytes.length !== 65 || bytes[0] !== 4) return false
  try {
    crypto.ECDH.convertKey(bytes, 'prime256v1')
    return true
  } catch {
    return false
  }
}

/**
 * Saves `input` for `userId`: a new row, or the device's existing row (same endpoint) updated
 * with this user, keys, language and token. A row moves to another user only when the request
 * carries the subscription's own keys (`p256dh` and `auth`, which only the browser that holds the
 * subscription has): a shared phone notifies whoever logged in last, while knowing an endpoint URL
 * alone moves nobody's notifications. Throws 409 PUSH_SUBSCRIPTION_TAKEN (nothing changes) when
 * another user's row has other keys. `tokenHash` is the SHA-256 of the access token that saved it.
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  input: SubscriptionInput,
  tokenHash: string | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString()
  const fields = {
    user_id: userId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    lang: input.lang,
    token_hash: tokenHash,
    updated_at: at,
  }
  const saved = await db
    .insertInto('push_subscriptions')
    .values({ ...fields, endpoint: input.endpoint, created_at: at })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet(fields)
        .where((eb) =>
          eb.or([
            eb('push_subscriptions.user_id', '=', userId),
            eb.and([
              eb('push_subscriptions.p256dh', '=', input.keys.p256dh),
              eb('push_subscriptions.auth', '=', input.keys.auth),
            ]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst()
  if (!saved) {
    throw conflict('PUSH_SUBSCRIPTION_TAKEN', 'Could not turn on notifications. Please try again.')
  }
}

/** Deletes `userId`'s subscription at `endpoint`; returns how many rows went (0 or 1). */
export async function deleteSubscription(
  db: Db,
  userId: number,
  endpoint: string,
): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Deletes the subscriptions saved with the access token whose SHA-256 is `tokenHash` (logout). */
export async function deleteSubscriptionsOfToken(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('token_hash', '=', tokenHash).execute()
}

/** Deletes the subscription at `endpoint`, whoever it belongs to (the push service dropped it). */
export async function deleteSubscriptionByEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute()
}
