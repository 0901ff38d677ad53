import { describe, expect, it, vi } from 'vitest'
import { backoffMs, classifyStatus, flushOutbox, sendItem, BACKOFF_MAX_MS } from './outbox-core'
import { memoryOutboxRepo } from './outbox-repo'

// This device's token as ../device-token.ts reads it from IndexedDB (which jsdom lacks).
vi.mock('../device-token', () => ({
  DEVICE_TOKEN_HEADER: 'X-Device-Token',
  deviceToken: async () => 'payload.signature',
}))
import type { OutboxItem } from './outbox-types'

function item(overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: overrides.id ?? 'a',
    kind: 'reward',
    url: '/api/v1/add-reward/',
    body: { dashboard_id: 7, watched_at: '2026-11-21T10:00:00.000Z' },
    idempotencyKey: 'key-1',
    token: 'tok',
    createdAt: 1,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    lastError: null,
    ...overrides,
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('classifyStatus', () => {
  it('treats 2xx as done', () => {
    expect(classifyStatus(200)).toBe('done')
    expect(classifyStatus(204)).toBe('done')
  })
  it('retries network failures, 408, 429, 5xx and an idempotency key still in flight', () => {
    for (const status of [0, 408, 429, 500, 502, 503]) expect(classifyStatus(status)).toBe('retry')
    expect(classifyStatus(409, 'IDEMPOTENCY_IN_FLIGHT')).toBe('retry')
  })
  it('ends other 4xx for good', () => {
    for (const status of [400, 403, 404, 422]) expect(classifyStatus(status)).toBe('final')
    expect(classifyStatus(409, 'ALREADY_REWARDED')).toBe('final')
  })
})

describe('backoffMs', () => {
  it('doubles from 2 s and caps at 5 minutes', () => {
    const noJitter = () => 0
    expect(backoffMs(1, noJitter)).toBe(2000)
    expect(backoffMs(2, noJitter)).toBe(4000)
    expect(backoffMs(3, noJitter)).toBe(8000)
    expect(backoffMs(30, noJitter)).toBe(BACKOFF_MAX_MS)
  })
  it('adds at most 20 % jitter', () => {
    expect(backoffMs(2, () => 1)).toBe(4800)
  })
})

describe('sendItem', () => {
  it('posts the body as JSON with the idempotency key, the bearer token and the device id', async () => {
    const fetchFn = vi.fn(async () => json(200, { data: { coins: 500 } }))
    const outcome = await sendItem(item(), fetchFn as unknown as typeof fetch)
    expect(outcome).toEqual({ kind: 'done', status: 200, body: { data: { coins: 500 } } })
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/v1/add-reward/')
    expect(init.method).toBe('POST')
    expect(init.headers).toMatchObject({
      'Idempotency-Key': 'key-1',
      Authorization: 'Bearer tok',
      // The same device id the app's client sends, also when the worker replays the item.
      'X-Device-Token': 'payload.signature',
    })
    expect(JSON.parse(String(init.body))).toEqual({
      dashboard_id: 7,
      watched_at: '2026-11-21T10:00:00.000Z',
    })
  })
  it('turns a thrown fetch into a retry with status 0', async () => {
    const outcome = await sendItem(item(), (async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof fetch)
    expect(outcome).toMatchObject({ kind: 'retry', error: { status: 0, code: 'NETWORK' } })
  })
  it('reads the server error body of a final refusal', async () => {
    const outcome = await sendItem(item(), (async () =>
      json(403, {
        message: 'Referrals needed',
        code: 'REFERRALS_REQUIRED',
        referral_count: 1,
      })) as unknown as typeof fetch)
    expect(outcome).toEqual({
      kind: 'final',
      error: {
        status: 403,
        code: 'REFERRALS_REQUIRED',
        message: 'Referrals needed',
        extra: { referral_count: 1 },
      },
    })
  })
})

describe('flushOutbox', () => {
  it('removes an item the server accepted', async () => {
    const repo = memoryOutboxRepo()
    await repo.put(item())
    const outcomes = await flushOutbox(repo, {
      fetchFn: (async () => json(200, {})) as unknown as typeof fetch,
    })
    expect(outcomes.get('a')?.kind).toBe('done')
    expect(repo.items.size).toBe(0)
  })

  it('keeps an item after a 503 with one more attempt and a backed-off next attempt', async () => {
    const repo = memoryOutboxRepo()
    await repo.put(item())
    await flushOutbox(repo, {
      fetchFn: (async () => json(503, { message: 'down', code: 'X' })) as unknown as typeof fetch,
      now: () => 10_000,
      random: () => 0,
    })
    expect(repo.items.get('a')).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAttemptAt: 12_000,
    })
    expect(repo.items.get('a')?.lastError).toMatchObject({ status: 503 })
  })

  it('marks an item failed with the reason on a final 4xx', async () => {
    const repo = memoryOutboxRepo()
    await repo.put(item())
    await flushOutbox(repo, {
      fetchFn: (async () =>
        json(409, {
          message: 'Already rewarded today.',
          code: 'ALREADY_REWARDED',
        })) as unknown as typeof fetch,
    })
    expect(repo.items.get('a')).toMatchObject({
      state: 'failed',
      lastError: { code: 'ALREADY_REWARDED', message: 'Already rewarded today.' },
    })
  })

  it('skips items whose backoff has not passed unless forced', async () => {
    const repo = memoryOutboxRepo()
    await repo.put(item({ nextAttemptAt: 50_000 }))
    const fetchFn = vi.fn(async () => json(200, {}))
    await flushOutbox(repo, { fetchFn: fetchFn as unknown as typeof fetch, now: () => 1_000 })
    expect(fetchFn).not.toHaveBeenCalled()
    await flushOutbox(repo, {
      fetchFn: fetchFn as unknown as typeof fetch,
      now: () => 1_000,
      force: true,
    })
    expect(fetchFn).toHaveBeenCalledTimes(1)
  })

  it('stops the pass at the first network failure and sends oldest first', async () => {
    const repo = memoryOutboxRepo()
    await repo.put(item({ id: 'new', createdAt: 2, idempotencyKey: 'k2' }))
    await repo.put(item({ id: 'old', createdAt: 1, idempotencyKey: 'k1' }))
    const keys: string[] = []
    const fetchFn = vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key'] ?? '')
      throw new TypeError('offline')
    })
    await flushOutbox(repo, { fetchFn: fetchFn as unknown as typeof fetch })
    expect(keys).toEqual(['k1'])
  })

  it('never sends the same item twice when two flushes race (the lock serializes them)', async () => {
    const repo = memoryOutboxRepo()
    await repo.put(item())
    let calls = 0
    const fetchFn = (async () => {
      calls += 1
      await new Promise((r) => setTimeout(r, 20))
      return json(200, {})
    }) as unknown as typeof fetch
    await Promise.all([
      flushOutbox(repo, { fetchFn }),
      flushOutbox(repo, { fetchFn }),
      flushOutbox(repo, { fetchFn }),
    ])
    expect(calls).toBe(1)
  })

  it('uses navigator.locks with the outbox-flush name when the browser has it', async () => {
    const names: string[] = []
    const original = Object.getOwnPropertyDescriptor(navigator, 'locks')
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (name: string, fn: () => Promise<unknown>) => {
          names.push(name)
          return fn()
        },
      },
    })
    try {
      const repo = memoryOutboxRepo()
      await repo.put(item())
      await flushOutbox(repo, { fetchFn: (async () => json(200, {})) as unknown as typeof fetch })
      expect(names).toEqual(['outbox-flush'])
    } finally {
      if (original) Object.defineProperty(navigator, 'locks', original)
      else delete (navigator as { locks?: unknown }).locks
    }
  })
})
