/**
 * Device tokens (OWASP's device cookies; docs/product.md#security): after a login or a signup the
 * server hands the device a token it signed, which names a device id the server chose and the
 * accounts that logged in on that device. The PWA keeps it and sends it as `X-Device-Token`.
 *
 * - A login whose token names the account being logged in to has its own lane in the hash pool,
 *   so a flood of logins from elsewhere cannot refuse its owner (server/lib/hash-pool.ts).
 * - The token's device id is the device signal of the abuse rules (docs/product.md#abuse): a
 *   client cannot choose it, and anything the server did not sign counts as a new device.
 *
 * The signing key is 32 random bytes kept in `app_settings` (`device_token_key`), made on the
 * first start like the VAPID keys; instances starting together keep the first one stored.
 */
import crypto from 'node:crypto'
import type { Db } from '../db/index.ts'

/** The request header the PWA sends the token in. */
export const DEVICE_TOKEN_HEADER = 'x-device-token'

/** What a valid token says. */
export interface DeviceClaims {
  /** The device id the server chose (16 random bytes, base64url). */
  deviceId: string
  /** The accounts that logged in on this device, the latest first, at most MAX_ACCOUNTS. */
  userIds: number[]
}

/** Accounts one token remembers: a family's phone, not a farm's. */
const MAX_ACCOUNTS = 5
/** A token longer than this is not read (a header of ours is about 120 characters). */
const MAX_TOKEN_LENGTH = 512
/** How long a token is honoured after it was issued, in ms: a year. */
const TOKEN_LIFETIME_MS = 365 * 86_400_000
const SETTING_KEY = 'device_token_key'

/**
 * The signing key: the stored one, else 32 new random bytes stored now. Instances starting together
 * keep one key (the first insert wins; every instance reads the stored row back).
 */
export async function loadDeviceTokenKey(db: Db, now: Date): Promise<Buffer> {
  const stored = await readStoredKey(db)
  if (stored) return stored
  await db
    .insertInto('app_settings')
    .values({
      key: SETTING_KEY,
      value: crypto.randomBytes(32).toString('base64url'),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const key = await readStoredKey(db)
  if (!key) throw new Error('The device token key could not be stored.')
  return key
}

async function readStoredKey(db: Db): Promise<Buffer | null> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirst()
  return row ? Buffer.from(row.value, 'base64url') : null
}

/** A new device id: 16 random bytes, base64url (22 characters). */
export function newDeviceId(): string {
  return crypto.randomBytes(16).toString('base64url')
}

function mac(key: Buffer, payload: string): Buffer {
  return crypto.createHmac('sha256', key).update(payload).digest()
}

/**
 * The claims a device token carries after `userId` logged in (or signed up) on `deviceId`:
 * `userId` first, then the accounts the device's previous token named, at most 5 in all.
 */
export function claimsAfterLogin(
  deviceId: string,
  userId: number,
  previous: readonly number[],
): DeviceClaims {
  const userIds = [userId, ...previous.filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS)
  return { deviceId, userIds }
}

/**
 * Signs a token with `claims` at `now`. Shape `PAYLOAD.MAC`, both base64url; the payload is JSON
 * `{ d, u, t }` (device id, account ids, issue time in s); the MAC is HMAC-SHA256 under `key`.
 */
export function signDeviceToken(key: Buffer, claims: DeviceClaims, now: Date): string {
  const payload = Buffer.from(
    JSON.stringify({ d: claims.deviceId, u: claims.userIds, t: Math.floor(now.getTime() / 1000) }),
  ).toString('base64url')
  return `${payload}.${mac(key, payload).toString('base64url')}`
}

/**
 * The claims of `token` when the server signed it within the last year, else null (absent,
 * malformed, forged or expired: the request then comes from a device the server does not know).
 */
export function readDeviceToken(key: Buffer, token: unknown, now: Date): DeviceClaims | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null
  const [payload, signature, extra] = token.split('.')
  if (!payload || !signature || extra !== undefined) return null
  const given = Buffer.from(signature, 'base64url')
  const expected = mac(key, payload)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      d?: unknown
      u?: unknown
      t?: unknown
    }
    if (typeof claims.d !== 'string' || typeof claims.t !== 'number') return null
    if (!Array.isArray(claims.u) || !claims.u.every((id) => Number.isSafeInteger(id))) return null
    if (now.getTime() - claims.t * 1000 > TOKEN_LIFETIME_MS) return null
    return { deviceId: claims.d, userIds: claims.u as number[] }
  } catch {
    return null
  }
}
