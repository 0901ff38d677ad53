/**
 * The device id: made once, kept in IndexedDB across page loads (and logouts), read from storage
 * once per page, in the shape the server accepts; a page without IndexedDB still gets one.
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

const { DEVICE_ID_KEY, deviceId, resetDeviceIdCache } = await import('./device-id')

/** What the server reads from `X-Device-Id`. */
const SERVER_SHAPE = /^[A-Za-z0-9_-]{16,64}$/

beforeEach(() => {
  stored.clear()
  vi.clearAllMocks()
  resetDeviceIdCache()
})

describe('deviceId', () => {
  it('makes a random id in the shape the server accepts and stores it', async () => {
    const id = await deviceId()
    expect(id).toMatch(SERVER_SHAPE)
    expect(stored.get(DEVICE_ID_KEY)).toBe(id)
  })

  it('keeps the same id on the next page load, and reads storage once per page', async () => {
    const first = await deviceId()
    resetDeviceIdCache() // a new page load
    expect(await deviceId()).toBe(first)
    expect(await deviceId()).toBe(first)
    expect(idb.get).toHaveBeenCalledTimes(2)
    expect(idb.set).toHaveBeenCalledTimes(1)
  })

  it('reads storage once when many requests ask at the same time', async () => {
    const ids = await Promise.all([deviceId(), deviceId(), deviceId()])
    expect(new Set(ids).size).toBe(1)
    expect(idb.get).toHaveBeenCalledTimes(1)
  })

  it('replaces a stored value the server would not accept', async () => {
    stored.set(DEVICE_ID_KEY, 'short')
    const id = await deviceId()
    expect(id).not.toBe('short')
    expect(id).toMatch(SERVER_SHAPE)
    expect(stored.get(DEVICE_ID_KEY)).toBe(id)
  })

  it('still gives an id when IndexedDB fails (private mode), without keeping it', async () => {
    idb.get.mockImplementationOnce(() => {
      throw new ReferenceError('indexedDB is not defined')
    })
    idb.set.mockRejectedValueOnce(new Error('QuotaExceededError'))
    await expect(deviceId()).resolves.toMatch(SERVER_SHAPE)
    expect(stored.size).toBe(0)
  })
})
