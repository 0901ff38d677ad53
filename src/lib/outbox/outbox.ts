/**
 * The page side of the offline outbox (issue 3, DECISIONS §9): `enqueueOutbox` writes a reward
 * claim or withdrawal to IndexedDB before its first send and sends it at once when online; the
 * rest is retried when the connection returns, when the app becomes visible, at start, on a
 * backoff timer, and by Background Sync (tag `outbox`, see sw/outbox-sync.ts).
 */
import toast from 'react-hot-toast'
import { getAccessToken } from '@/lib/session'
import { refreshUser } from '@/stores/get-user'
import { onWorkerMessage, requestBackgroundSync } from '@/lib/sw-bridge'
import { useOutboxStore } from '@/stores/outbox-store'
import { formatCoins } from '@/shared/rules'
import { flushOutbox } from './outbox-core'
import { FLUSH_OUTBOX_MESSAGE, OUTBOX_SYNC_TAG } from './outbox-sync-handler'
import { idbOutboxRepo, memoryOutboxRepo } from './outbox-repo'
import type { OutboxError, OutboxItem, OutboxRepo, SendOutcome } from './outbox-types'

const API_BASE = '/api/v1/'

let repo: OutboxRepo = typeof indexedDB === 'undefined' ? memoryOutboxRepo() : idbOutboxRepo
/** Items whose first send a caller awaits: the caller tells the user, not the background handler. */
const awaited = new Set<string>()
let started = false
let retryTimer: ReturnType<typeof setTimeout> | null = null

/** Replaces the storage (tests). */
export function setOutboxRepo(next: OutboxRepo): void {
  repo = next
}

/** What the first send of a new item came to. */
export type EnqueueResult = { id: string } & (
  | { kind: 'done'; body: unknown }
  | { kind: 'queued'; error: OutboxError | null }
  | { kind: 'final'; error: OutboxError }
)

/** Reloads the screens' copy of the outbox from storage. */
export async function refreshOutboxStore(): Promise<void> {
  try {
    useOutboxStore.getState().setItems(await repo.list())
  } catch (error) {
    console.error('outbox read failed', error)
  }
}

/** Why an item ended, in words for a toast or a wallet line. */
export function describeOutboxError(item: Pick<OutboxItem, 'kind' | 'lastError'>): string {
  const message = item.lastError?.message
  if (item.kind === 'reward') return `Reward not credited: ${message || 'the claim was refused.'}`
  return message || 'There was an issue with your withdrawal request. Please try again.'
}

function tellUser(item: OutboxItem, outcome: SendOutcome): void {
  if (awaited.has(item.id)) return
  if (outcome.kind === 'done') {
    const data = (outcome.body as { data?: { coins?: number } } | null)?.data
    if (item.kind === 'reward') toast.success(`Reward credited: ${formatCoins(data?.coins ?? 0)}`)
    else toast.success('Withdrawal request submitted successfully!')
    refreshUser().catch(() => undefined)
  } else if (outcome.kind === 'final') {
    toast.error(describeOutboxError({ kind: item.kind, lastError: outcome.error }))
  }
}

/** Asks the worker for a Background Sync of the outbox (no-op where unsupported). */
function registerBackgroundSync(): void {
  void requestBackgroundSync(OUTBOX_SYNC_TAG)
}

function scheduleRetry(): void {
  if (retryTimer) clearTimeout(retryTimer)
  retryTimer = null
  const pending = useOutboxStore.getState().items.filter((i) => i.state === 'pending')
  if (pending.length === 0) return
  registerBackgroundSync()
  const next = Math.min(...pending.map((i) => i.nextAttemptAt))
  retryTimer = setTimeout(() => void flushNow(), Math.max(1000, next - Date.now()))
}

/**
 * Sends what is due (all pending items when `force`), one flush at a time across tabs; skipped
 * while the browser says it is offline. Never throws.
 */
export async function flushNow(force = false, ids?: string[]): Promise<Map<string, SendOutcome>> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    await refreshOutboxStore()
    return new Map()
  }
  try {
    return await flushOutbox(repo, { force, ids, onOutcome: tellUser })
  } catch (error) {
    console.error('outbox flush failed', error)
    return new Map()
  } finally {
    await refreshOutboxStore()
    scheduleRetry()
  }
}

/**
 * Queues a POST to `path` (relative to /api/v1/, e.g. 'add-reward/') with a fresh idempotency key,
 * stores it, then sends it at once when online. Resolves to `done` (with the server's body),
 * `queued` (kept for a retry, e.g. offline or 5xx) or `final` (refused; the item stays as failed
 * until dismissed). Throws only if the item cannot be stored.
 */
export async function enqueueOutbox(
  kind: OutboxItem['kind'],
  path: string,
  body: Record<string, unknown>,
): Promise<EnqueueResult> {
  const now = Date.now()
  const item: OutboxItem = {
    id: crypto.randomUUID(),
    kind,
    url: API_BASE + path,
    body,
    idempotencyKey: crypto.randomUUID(),
    token: getAccessToken(),
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
    lastError: null,
  }
  await repo.put(item)
  awaited.add(item.id)
  try {
    await refreshOutboxStore()
    const outcome = (await flushNow(true, [item.id])).get(item.id)
    if (!outcome) {
      // Offline, or another tab sent it while we waited for the lock.
      const still = await repo.get(item.id)
      if (!still) return { id: item.id, kind: 'done', body: null }
      registerBackgroundSync()
      return { id: item.id, kind: 'queued', error: still.lastError }
    }
    if (outcome.kind === 'done') return { id: item.id, kind: 'done', body: outcome.body }
    if (outcome.kind === 'final') return { id: item.id, kind: 'final', error: outcome.error }
    return { id: item.id, kind: 'queued', error: outcome.error }
  } finally {
    awaited.delete(item.id)
  }
}

/** Forgets a failed item once the user has read why (wallet). */
export async function dismissOutboxItem(id: string): Promise<void> {
  await repo.remove(id)
  await refreshOutboxStore()
}

/**
 * Starts the triggers once per page: a flush now, when the connection returns (all pending items),
 * when the page becomes visible, and when the service worker asks (`FLUSH_OUTBOX`).
 */
export function startOutbox(): void {
  if (started) return
  started = true
  window.addEventListener('online', () => void flushNow(true))
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushNow()
  })
  onWorkerMessage(FLUSH_OUTBOX_MESSAGE.type, () => void flushNow(true))
  void flushNow()
}
