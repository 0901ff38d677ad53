import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/stores/get-user', () => ({ refreshUser: vi.fn(async () => undefined) }))
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }))

const { enqueueOutbox, flushNow, setOutboxRepo } = await import('./outbox')
const { memoryOutboxRepo } = await import('./outbox-repo')
const { useOutboxStore } = await import('@/stores/outbox-store')

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

let repo: ReturnType<typeof memoryOutboxRepo>
beforeEach(() => {
  repo = memoryOutboxRepo()
  setOutboxRepo(repo)
  localStorage.setItem('access_token', 'tok-1')
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('enqueueOutbox', () => {
  it('stores the item with an idempotency key before the first send, then removes it when accepted', async () => {
    let storedBeforeSend = false
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        storedBeforeSend = repo.items.size === 1
        return json(200, { data: { coins: 500 } })
      }),
    )
    const result = await enqueueOutbox('reward', 'add-reward/', {
      dashboard_id: 3,
      watched_at: '2026-11-21T10:00:00.000Z',
    })
    expect(storedBeforeSend).toBe(true)
    expect(result).toMatchObject({ kind: 'done', body: { data: { coins: 500 } } })
    expect(repo.items.size).toBe(0)
    const [url, init] = vi.mocked(fetch).mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/v1/add-reward/')
    const headers = init.headers as Record<string, string>
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(headers.Authorization).toBe('Bearer tok-1')
  })

  it('keeps the item when offline and sends it with the same key once online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const fetchFn = vi.fn(async () => json(200, {}))
    vi.stubGlobal('fetch', fetchFn)
    const result = await enqueueOutbox('withdrawal', 'add-withdraw/', {
      upi_id: 'a@upi',
      amount: 10,
    })
    expect(result.kind).toBe('queued')
    expect(fetchFn).not.toHaveBeenCalled()
    expect(useOutboxStore.getState().items).toHaveLength(1)
    const key = [...repo.items.values()][0]?.idempotencyKey
    online.mockReturnValue(true)
    await flushNow(true)
    expect(fetchFn).toHaveBeenCalledTimes(1)
    expect(
      (
        (fetchFn.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<
          string,
          string
        >
      )['Idempotency-Key'],
    ).toBe(key)
    expect(repo.items.size).toBe(0)
    expect(useOutboxStore.getState().items).toHaveLength(0)
  })

  it('reports a final refusal and keeps the item as failed with its reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { code: 'PLATFORM_FEE_REQUIRED', message: 'Pay the fee' })),
    )
    const result = await enqueueOutbox('withdrawal', 'add-withdraw/', {
      upi_id: 'a@upi',
      amount: 10,
    })
    expect(result).toMatchObject({
      kind: 'final',
      error: { status: 403, code: 'PLATFORM_FEE_REQUIRED' },
    })
    expect(useOutboxStore.getState().items[0]).toMatchObject({
      state: 'failed',
      lastError: { message: 'Pay the fee' },
    })
  })

  it('keeps the item for a retry after a 500', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { code: 'INTERNAL', message: 'oops' })),
    )
    const result = await enqueueOutbox('reward', 'add-reward/', { dashboard_id: 1 })
    expect(result.kind).toBe('queued')
    expect(useOutboxStore.getState().items[0]).toMatchObject({ state: 'pending', attempts: 1 })
  })
})
