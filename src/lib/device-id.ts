/**
 * This device's id (DECISIONS §8a, abuse signals): a random id made once, kept in IndexedDB and
 * sent as `X-Device-Id` with every API request, so the server can tell one phone running many
 * accounts. It belongs to the device, not the account: logout keeps it. Read once, then kept in
 * memory; nothing waits for it before the first render (only a request does). No DOM and no `@/`
 * imports: the outbox's code, which the service worker runs too, imports it.
 */
import { get, set } from 'idb-keyval'

/** The request header the server reads the id from. */
export const DEVICE_ID_HEADER = 'X-Device-Id'

/** Its key in idb-keyval's default store (not the outbox's database, not cleared on logout). */
export const DEVICE_ID_KEY = 'device-id'

/** What the server accepts: 16 to 64 of [A-Za-z0-9_-]. */
const VALID_ID = /^[\w-]{16,64}$/

let current: Promise<string> | undefined

async function readOrCreate(): Promise<string> {
  try {
    const stored = await get<unknown>(DEVICE_ID_KEY)
    if (typeof stored === 'string' && VALID_ID.test(stored)) return stored
  } catch {
    // No IndexedDB (private mode, jsdom): an id for this page only.
  }
  const id = crypto.randomUUID()
  try {
    await set(DEVICE_ID_KEY, id)
  } catch {
    // Not kept: the next page load makes another.
  }
  return id
}

/**
 * The device id (a UUID, 36 characters), read from IndexedDB on the first call and created and
 * stored when there is none (or it is malformed); later calls get the same promise. Never rejects.
 */
export function deviceId(): Promise<string> {
  return (current ??= readOrCreate())
}

/** Forgets the id read into memory (tests). */
export function resetDeviceIdCache(): void {
  current = undefined
}
