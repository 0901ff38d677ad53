/**
 * Mutual exclusion for flushing the outbox, so two tabs (or a tab and the service worker) never
 * send the same item at once: the Web Locks API where the browser has it, else a lock local to
 * this page (the per-item re-read before sending narrows what remains).
 */

/** The lock's name, shared by every tab and the worker of this origin. */
export const OUTBOX_LOCK = 'outbox-flush'

let localTail: Promise<unknown> = Promise.resolve()

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>
}

/** Runs `fn` while holding the outbox lock; calls are serialized; rethrows what `fn` throws. */
export async function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks
  if (locks && typeof locks.request === 'function') return locks.request(OUTBOX_LOCK, fn)
  const run = localTail.then(fn, fn)
  localTail = run.catch(() => undefined)
  return run
}
