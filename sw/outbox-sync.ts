/// <reference lib="webworker" />
/**
 * Background Sync for the outbox (issue 3): when the browser fires the `sync` event, the worker
 * asks open pages to flush the outbox, or flushes it itself when no page is open.
 */

/** Registers the worker's `sync` listener for the outbox; filled by the earning loop work. */
export function registerOutboxSync(_self: ServiceWorkerGlobalScope): void {}
