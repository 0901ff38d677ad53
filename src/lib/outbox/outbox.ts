/**
 * The page side of the offline outbox (docs/product.md#deviations): `enqueueOutbox` writes a request of some kind
 * (a reward claim, a withdrawal: outbox-kinds.ts) to IndexedDB before its first send and sends it
 * at once when online; the rest is retried when the connection returns, when the app becomes
 * visible, at start, on a backoff timer, and by Background Sync (tag `outbox`, see
 * sw/outbox-sync.ts). It knows items, idempotency keys and retries; what an item means and how its
 * result is shown belong to the feature that defined its kind.
 */
import { getAccessToken } from '@/lib/session'
import { onWorkerMessage, requestBackgroundSync } from '@/lib/sw-bridge'
import { flushOutbox } from './outbox-core'
import {
  outboxKind,
  registerOutboxKinds,
  type AnyOutboxKind,
  type OutboxKind,
} from './outbox-kinds'
import { useOutboxStore } from './outbox-store'
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

/** What the first send of a new item came to; `body` is the server's answer (null if another tab sent it). */
export type EnqueueResult<Answer = unknown> = { id: string } & (
  | { kind: 'done'; body: Answer | null }
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

export { describeOutboxError } from './outbox-kinds'

/** Hands a background outcome to the item's kind; a caller awaiting the first send tells the user itself. */
function tellUser(item: OutboxItem, outcome: SendOutcome): void {
  if (awaited.has(item.id)) return
  const kind = outboxKind(item.kind)
  if (outcome.kind === 'done') kind?.onDone?.(outcome.body, item)
  else if (outcome.kind === 'final') kind?.onFinal?.(outcome.error, item)
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
 * Queues a POST of `body` to `kind.path` (relative to /api/v1/) with a fresh idempotency key,
 * stores it, then sends it at once when online. Resolves to `done` (with the server's answer),
 * `queued` (kept for a retry, e.g. offline or 5xx) or `final` (refused; the item stays as failed
 * until dismissed). Throws only if the item cannot be stored.
 */
export async function enqueueOutbox<Body extends Record<string, unknown>, Answer>(
  kind: OutboxKind<Body, Answer>,
  body: Body,
): Promise<EnqueueResult<Answer>> {
  registerOutboxKinds([kind])
  const now = Date.now()
  const item: OutboxItem = {
    id: crypto.randomUUID(),
    kind: kind.name,
    url: API_BASE + kind.path,
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
    if (outcome.kind === 'done')
      return { id: item.id, kind: 'done', body: outcome.body as Answer | null }
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
 * Starts the outbox once per page, from the app (src/app/start-outbox.ts): registers the kinds of
 * item the features define, then flushes now, when the connection returns (all pending items),
 * when the page becomes visible, and when the service worker asks (`FLUSH_OUTBOX`). Later calls
 * do nothing.
 */
export function startOutbox(kinds: readonly AnyOutboxKind[]): void {
  if (started) return
  started = true
  registerOutboxKinds(kinds)
  window.addEventListener('online', () => void flushNow(true))
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushNow()
  })
  onWorkerMessage(FLUSH_OUTBOX_MESSAGE.type, () => void flushNow(true))
  void flushNow()
}
