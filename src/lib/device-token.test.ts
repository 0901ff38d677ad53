/**
 * The device token: none before a login, kept in IndexedDB from a login's answer across page loads
 * (and logouts), read from storage once per page; a page without IndexedDB keeps it in memory.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'

const stored = new Map<string, unknown>()
const idb = {
  get: vi.fn(async (key: string) => stored.get(key)),
  set: vi.fn(async (key: string, value: unknown) => void stored.set(key, value)),
}
vi.mock('idb-keyval', () => ({
  get: (key: string) => idb.get(key),
  set: (key: string, value: unknown) => idb.set(key, value),
}))

const { DEVICE_TOKEN_KEY, deviceToken, keepDeviceToken, resetDeviceTokenCache } =
  await import('./device-token')

/** A token of the server's shape (base64url payload and MAC). */
const TOKEN = 'eyJkIjoiYWJjIiwidSI6WzFdLCJ0IjoxfQ.c2lnbmF0dXJlLW9mLXRoZS1zZXJ2ZXI'

beforeEach(() => {
  stored.clear()
  vi.clearAllMocks()
  resetDeviceTokenCache()
})

describe('deviceToken', () => {
  it('is null before the first login, and makes up nothing', async () => {
    expect(await deviceToken()).toBeNull()
    expect(idb.set).not.toHaveBeenCalled()
  })

  it('keeps a login answer’s token for this page and the next page load', async () => {
    await keepDeviceToken(TOKEN)
    expect(await deviceToken()).toBe(TOKEN)
    expect(stored.get(DEVICE_TOKEN_KEY)).toBe(TOKEN)
    resetDeviceTokenCache() // a new page load
    expect(await deviceToken()).toBe(TOKEN)
  })

  it('reads storage once when many requests ask at the same time', async () => {
    stored.set(DEVICE_TOKEN_KEY, TOKEN)
    const tokens = await Promise.all([deviceToken(), deviceToken(), deviceToken()])
    expect(tokens).toEqual([TOKEN, TOKEN, TOKEN])
    expect(idb.get).toHaveBeenCalledTimes(1)
  })

  it('ignores an answer without a token and a stored value that is not one', async () => {
    await keepDeviceToken(undefined)
    await keepDeviceToken('not a token')
    expect(idb.set).not.toHaveBeenCalled()
    stored.set(DEVICE_TOKEN_KEY, 'short')
    expect(await deviceToken()).toBeNull()
  })

  it('still sends the token on this page when IndexedDB fails (private mode)', async () => {
    idb.set.mockRejectedValueOnce(new Error('QuotaExceededError'))
    await keepDeviceToken(TOKEN)
    expect(await deviceToken()).toBe(TOKEN)
    expect(stored.size).toBe(0)
  })
})
