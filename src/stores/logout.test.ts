import { beforeEach, describe, expect, it, vi } from 'vitest'

const post = vi.fn()
const clearOfflineApiCache = vi.fn(async () => true)
vi.mock('@/lib/api-client', () => ({ api: { post: (...args: unknown[]) => post(...args) } }))
vi.mock('@/lib/sw-bridge', () => ({ clearOfflineApiCache: () => clearOfflineApiCache() }))
vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))

const { logout } = await import('./logout')
const { useUserStore } = await import('./user-store')

describe('logout', () => {
  beforeEach(() => {
    post.mockReset()
    clearOfflineApiCache.mockClear()
    localStorage.setItem('access_token', 'tok')
    localStorage.setItem('request_id', 'req')
    useUserStore.setState({ user: { first_name: 'Asha' } as never, fetchedAt: 1 })
  })

  it('revokes the token, then clears local storage, the user and the offline API cache', async () => {
    post.mockResolvedValue(new Response('{}'))
    await logout()
    expect(post).toHaveBeenCalledWith('logout/', { timeout: 5000 })
    expect(localStorage.length).toBe(0)
    expect(useUserStore.getState().user).toBeNull()
    expect(clearOfflineApiCache).toHaveBeenCalledTimes(1)
  })

  it('forgets the session on the device even when the server cannot be reached', async () => {
    post.mockRejectedValue(new TypeError('Failed to fetch'))
    await logout()
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(useUserStore.getState().user).toBeNull()
    expect(clearOfflineApiCache).toHaveBeenCalledTimes(1)
  })
})
