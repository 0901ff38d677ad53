import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { defineOutboxKind } from './outbox-kinds'

const { enqueueOutbox, flushNow, setOutboxRepo, describeOutboxError } = await import('./outbox')
const { memoryOutboxRepo } = await import('./outbox-repo')
const { useOutboxStore } = await import('@/lib/outbox/outbox-store')

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const onDone = vi.fn()
const onFinal = vi.fn()
/** Two kinds as a feature would define them: the outbox knows only their names and paths. */
const CLAIMS = defineOutboxKind<Record<string, unknown>, { data: { coins: number } }>({
  name: 'reward',
  path: 'add-reward/',
  onDone: (answer, item) => onDone(answer, item),
  onFinal: (error, item) => onFinal(error, item),
  describeError: (error) => `Claim refused: ${error?.message ?? ''}`,
})
const WITHDRAWALS = defineOutboxKind<{ upi_id: string; amount: number }, unknown>({
  name: 'withdrawal',
  path: 'add-withdraw/',
  describeError: (error) => error?.message ?? '',
})

let repo: ReturnType<typeof memoryOutboxRepo>
beforeEach(() => {
  onDone.mockClear()
  onFinal.mockClear()
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
    const result = await enqueueOutbox(CLAIMS, {
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
    const result = await enqueueOutbox(WITHDRAWALS, {
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
    const result = await enqueueOutbox(WITHDRAWALS, {
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
    const result = await enqueueOutbox(CLAIMS, { dashboard_id: 1 })
    expect(result.kind).toBe('queued')
    expect(useOutboxStore.getState().items[0]).toMatchObject({ state: 'pending', attempts: 1 })
  })

  it("hands a background outcome to its kind, not to the caller's screen", async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { data: { coins: 25 } })),
    )
    const queued = await enqueueOutbox(CLAIMS, { dashboard_id: 2 })
    expect(queued.kind).toBe('queued')
    expect(onDone).not.toHaveBeenCalled()
    online.mockReturnValue(true)
    await flushNow(true)
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(onDone.mock.calls[0]?.[0]).toEqual({ data: { coins: 25 } })
    expect(onDone.mock.calls[0]?.[1]).toMatchObject({ kind: 'reward', url: '/api/v1/add-reward/' })
  })

  it("tells a kind of a background refusal, and describes it in the kind's words", async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(422, { code: 'TIMER_NOT_PASSED', message: 'Too soon' })),
    )
    await enqueueOutbox(CLAIMS, { dashboard_id: 2 })
    online.mockReturnValue(true)
    await flushNow(true)
    expect(onFinal).toHaveBeenCalledTimes(1)
    const [failed] = useOutboxStore.getState().items
    expect(failed).toMatchObject({ state: 'failed' })
    expect(describeOutboxError(failed!)).toBe('Claim refused: Too soon')
    expect(describeOutboxError({ kind: 'unknown-kind', lastError: failed!.lastError })).toBe(
      'Too soon',
    )
  })
})
