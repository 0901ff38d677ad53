/// <reference lib="webworker" />
/**
 * Background Sync for the outbox (issue 3): when the browser fires the `sync` event with the
 * `outbox` tag, the worker asks open pages to flush the outbox (they know how to tell the user),
 * or, when no page is open, sends the queued items itself from the same IndexedDB store, under
 * the same lock. Items still pending afterwards make the sync fail, so the browser retries later.
 */
import { flushOutbox } from '../src/lib/outbox/outbox-core'
import { idbOutboxRepo } from '../src/lib/outbox/outbox-repo'

/** The tag the page registers (src/lib/outbox/outbox.ts). */
const OUTBOX_SYNC_TAG = 'outbox'

interface SyncEventLike extends ExtendableEvent {
  readonly tag: string
}

/** Flushes from the worker: pages first, else itself. Rejects while items remain pending. */
async function syncOutbox(self: ServiceWorkerGlobalScope): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  if (clients.length > 0) {
    for (const client of clients) client.postMessage({ type: 'FLUSH_OUTBOX' })
    return
  }
  await flushOutbox(idbOutboxRepo, { force: true })
  const left = (await idbOutboxRepo.list()).filter((item) => item.state === 'pending')
  if (left.length > 0) throw new Error(`${left.length} outbox item(s) still pending`)
}

/** Registers the worker's `sync` listener for the outbox. */
export function registerOutboxSync(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncOutbox(self))
  })
}
