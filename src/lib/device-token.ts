/**
 * This device's token (docs/product.md#security): the device token the server signs after a login
 * or signup, kept in IndexedDB and sent as `X-Device-Token` with every API request. With it, a
 * login to an account this device logged in to before has its own lane under load, and the abuse
 * rules tell one phone running many accounts. It belongs to the device, not the session: logout
 * keeps it. Read once, then kept in memory; nothing waits for it before the first render (only a
 * request does). No DOM and no `@/` imports: the outbox's code, which the service worker runs too,
 * imports it.
 */
import { get, set } from 'idb-keyval'

/** The request header the server reads the token from. */
export const DEVICE_TOKEN_HEADER = 'X-Device-Token'

/** Its key in idb-keyval's default store (not the outbox's database, not cleared on logout). */
export const DEVICE_TOKEN_KEY = 'device-token'

/** A token is base64url text with one dot; anything else stored is ignored. */
const TOKEN_SHAPE = /^[\w-]+\.[\w-]+$/
const MAX_LENGTH = 512

const isToken = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_LENGTH && TOKEN_SHAPE.test(value)

let current: Promise<string | null> | undefined

async function readStored(): Promise<string | null> {
  try {
    const stored = await get<unknown>(DEVICE_TOKEN_KEY)
    return isToken(stored) ? stored : null
  } catch {
    return null // No IndexedDB (private mode, jsdom): no token until a login gives one.
  }
}

/**
 * The device token, read from IndexedDB on the first call; null before the first login or signup
 * on this device. Later calls get the same promise. Never rejects.
 */
export function deviceToken(): Promise<string | null> {
  return (current ??= readStored())
}

/**
 * Keeps `token` (a login or signup answer's `device_token`) for the next requests and page loads;
 * anything that is not a token is ignored. Never rejects.
 */
export async function keepDeviceToken(token: unknown): Promise<void> {
  if (!isToken(token)) return
  current = Promise.resolve(token)
  try {
    await set(DEVICE_TOKEN_KEY, token)
  } catch {
    // Not kept across page loads (private mode): this page still sends it.
  }
}

/** Forgets the token read into memory (tests). */
export function resetDeviceTokenCache(): void {
  current = undefined
}
