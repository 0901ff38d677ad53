/**
 * The outbox's IndexedDB store (idb-keyval, its own database so clearing other stores never
 * drops a queued claim). Shared by the app and the service worker; opened on first use.
 */
import { createStore, del, get, set, values, type UseStore } from 'idb-keyval'
import type { OutboxItem, OutboxRepo } from './outbox-types'

/** IndexedDB database and object store names of the outbox. */
export const OUTBOX_DB = 'watch-earn-outbox'
export const OUTBOX_STORE = 'items'

let store: UseStore | null = null
const outboxStore = (): UseStore => (store ??= createStore(OUTBOX_DB, OUTBOX_STORE))

/** The outbox in IndexedDB; `list()` is oldest first. */
export const idbOutboxRepo: OutboxRepo = {
  async list() {
    const items = (await values(outboxStore())) as OutboxItem[]
    return items.sort((a, b) => a.createdAt - b.createdAt)
  },
  async get(id) {
    return (await get(id, outboxStore())) as OutboxItem | undefined
  },
  async put(item) {
    await set(item.id, item, outboxStore())
  },
  async remove(id) {
    await del(id, outboxStore())
  },
}

/** An outbox kept in memory (unit tests, or a browser without IndexedDB). */
export function memoryOutboxRepo(): OutboxRepo & { items: Map<string, OutboxItem> } {
  const items = new Map<string, OutboxItem>()
  return {
    items,
    async list() {
      return [...items.values()]
        .map((i) => structuredClone(i))
        .sort((a, b) => a.createdAt - b.createdAt)
    },
    async get(id) {
      const item = items.get(id)
      return item ? structuredClone(item) : undefined
    },
    async put(item) {
      items.set(item.id, structuredClone(item))
    },
    async remove(id) {
      items.delete(id)
    },
  }
}
