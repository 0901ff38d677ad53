/**
 * What the service worker does on a Background Sync of the outbox, kept beside the outbox so it is
 * unit-tested with it: ask open pages to flush (they can tell the user), or, with no page open,
 * send the items itself under the same lock. No DOM and no `@/` imports: the worker
 * (sw/outbox-sync.ts) compiles this file.
 */
import { flushOutbox } from './outbox-core'
import type { OutboxRepo } from './outbox-types'

/** The Background Sync tag, registered by the page (outbox.ts) and handled by the worker. */
export const OUTBOX_SYNC_TAG = 'outbox'

/** The message a page flushes on. */
export const FLUSH_OUTBOX_MESSAGE = { type: 'FLUSH_OUTBOX' } as const

/** The part of the worker's `clients` this needs. */
export interface SyncClients {
  matchAll(options: {
    type: 'window'
    includeUncontrolled: boolean
  }): Promise<ReadonlyArray<{ postMessage(message: unknown): void }>>
}

/**
 * Handles one sync: posts FLUSH_OUTBOX to every open window, or flushes `repo` itself (all pending
 * items). Rejects while items remain pending, so the browser schedules another sync.
 */
export async function handleOutboxSync(
  clients: SyncClients,
  repo: OutboxRepo,
  fetchFn: typeof fetch = fetch,
): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true })
  if (windows.length > 0) {
    for (const client of windows) client.postMessage(FLUSH_OUTBOX_MESSAGE)
    return
  }
  await flushOutbox(repo, { force: true, fetchFn })
  const left = (await repo.list()).filter((item) => item.state === 'pending')
  if (left.length > 0) throw new Error(`${left.length} outbox item(s) still pending`)
}
