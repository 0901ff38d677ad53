import { beforeEach, describe, expect, it, vi } from 'vitest'

const json = vi.fn()
const get = vi.fn(() => ({ json }))
vi.mock('@/lib/api-client', () => ({ api: { get: (...args: unknown[]) => get(...(args as [])) } }))
vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))

const { refreshUser } = await import('./get-user')
const { useUserStore } = await import('./user-store')

const asha = { first_name: 'Asha', points: 500 } as never
const ravi = { first_name: 'Ravi', points: 700 } as never

describe('refreshUser', () => {
  beforeEach(() => {
    get.mockClear()
    json.mockReset()
    useUserStore.setState({ user: null, fetchedAt: null })
  })

  it('fetches the user and keeps it in the store', async () => {
    json.mockResolvedValue(asha)
    await expect(refreshUser()).resolves.toBe(asha)
    expect(get).toHaveBeenCalledWith('get-user/')
    expect(useUserStore.getState().user).toBe(asha)
  })

  it('sends one request for calls made while one is on its way', async () => {
    let answer: (value: unknown) => void = () => {}
    json.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const first = refreshUser()
    const second = refreshUser({ reuseRecent: true })
    answer(asha)
    await expect(Promise.all([first, second])).resolves.toEqual([asha, asha])
    expect(get).toHaveBeenCalledTimes(1)
  })

  it('takes a user fetched since the screen opened as it is when asked to, and asks again after a navigation or without it', async () => {
    json.mockResolvedValue(asha)
    await refreshUser() // the app's start fetch
    json.mockResolvedValue(ravi)
    await expect(refreshUser({ reuseRecent: true })).resolves.toBe(asha)
    expect(get).toHaveBeenCalledTimes(1)
    await expect(refreshUser()).resolves.toBe(ravi)
    expect(get).toHaveBeenCalledTimes(2)
    // Another screen opens: its refresh asks again.
    useUserStore.setState({ fetchedAt: Date.now() - 1 })
    window.dispatchEvent(new Event('pushState'))
    await expect(refreshUser({ reuseRecent: true })).resolves.toBe(ravi)
    expect(get).toHaveBeenCalledTimes(3)
  })

  it('never takes a user stored by an earlier visit as fetched for this screen', async () => {
    useUserStore.setState({ user: asha, fetchedAt: Date.now() - 60_000 })
    json.mockResolvedValue(ravi)
    await expect(refreshUser({ reuseRecent: true })).resolves.toBe(ravi)
    expect(get).toHaveBeenCalledTimes(1)
  })

  it('rethrows a failure, and the next call asks again', async () => {
    json.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(asha)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(refreshUser()).rejects.toThrow('Failed to fetch')
    await expect(refreshUser()).resolves.toBe(asha)
    expect(get).toHaveBeenCalledTimes(2)
  })
})
