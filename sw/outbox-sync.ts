/// <reference lib="webworker" />
/**
 * Background Sync for the outbox: when the browser fires the `sync` event with the `outbox` tag,
 * the worker asks open pages to flush the outbox, or, when no page is open, sends the queued items
 * itself from the same IndexedDB store under the same lock (src/lib/outbox/outbox-sync-handler.ts).
 * A rejected sync is retried later by the browser.
 */
import { handleOutboxSync, OUTBOX_SYNC_TAG } from '../src/lib/outbox/outbox-sync-handler'
import { idbOutboxRepo } from '../src/lib/outbox/outbox-repo'

interface SyncEventLike extends ExtendableEvent {
  readonly tag: string
}

/** Registers the worker's `sync` listener for the outbox. */
export function registerOutboxSync(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(handleOutboxSync(self.clients, idbOutboxRepo))
  })
}
