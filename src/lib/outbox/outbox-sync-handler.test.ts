import { describe, expect, it, vi } from 'vitest'
import { handleOutboxSync } from './outbox-sync-handler'
import { memoryOutboxRepo } from './outbox-repo'
import type { OutboxItem } from './outbox-types'

const item: OutboxItem = {
  id: 'a',
  kind: 'reward',
  url: '/api/v1/add-reward/',
  body: { dashboard_id: 1 },
  idempotencyKey: 'k',
  token: 't',
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'pending',
  lastError: null,
}

describe('Background Sync of the outbox', () => {
  it('asks every open page to flush and sends nothing itself', async () => {
    const pages = [{ postMessage: vi.fn() }, { postMessage: vi.fn() }]
    const repo = memoryOutboxRepo()
    await repo.put(item)
    const fetchFn = vi.fn()
    await handleOutboxSync(
      { matchAll: async () => pages },
      repo,
      fetchFn as unknown as typeof fetch,
    )
    for (const page of pages)
      expect(page.postMessage).toHaveBeenCalledWith({ type: 'FLUSH_OUTBOX' })
    expect(fetchFn).not.toHaveBeenCalled()
  })

  it('sends the items itself when no page is open', async () => {
    const repo = memoryOutboxRepo()
    await repo.put({ ...item, nextAttemptAt: Date.now() + 60_000 })
    const fetchFn = vi.fn(async () => new Response('{}', { status: 200 }))
    await handleOutboxSync({ matchAll: async () => [] }, repo, fetchFn as unknown as typeof fetch)
    expect(fetchFn).toHaveBeenCalledTimes(1)
    expect(repo.items.size).toBe(0)
  })

  it('fails the sync while items stay pending, so the browser retries', async () => {
    const repo = memoryOutboxRepo()
    await repo.put(item)
    const fetchFn = vi.fn(async () => new Response('{}', { status: 503 }))
    await expect(
      handleOutboxSync({ matchAll: async () => [] }, repo, fetchFn as unknown as typeof fetch),
    ).rejects.toThrow('1 outbox item(s) still pending')
  })
})
