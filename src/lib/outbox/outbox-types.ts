/**
 * The shapes of the offline outbox (docs/product.md#deviations): one item per queued request (a reward claim, a
 * withdrawal), kept in IndexedDB from before the first send until the server answers.
 * No DOM and no `@/` imports: the service worker compiles this file too.
 */

/** Why an item failed for good, or why its last attempt did not get through. */
export interface OutboxError {
  /** HTTP status; 0 when the request never got an answer (offline, timeout). */
  status: number
  code: string
  message: string
  /** Extra fields of the server's error body, e.g. `referral_count`. */
  extra?: Record<string, unknown>
}

/** One queued request. Times are ms since the epoch. */
export interface OutboxItem {
  id: string
  /** The name of its kind (outbox-kinds.ts), e.g. `reward`. */
  kind: string
  /** Absolute path on this origin, e.g. `/api/v1/add-reward/`. */
  url: string
  body: Record<string, unknown>
  /** Sent as `Idempotency-Key`, so a replay never credits or debits twice (docs/product.md#api). */
  idempotencyKey: string
  /**
   * The access token at the time of the request: the service worker cannot read localStorage,
   * and the request belongs to the user who made it.
   */
  token: string | null
  createdAt: number
  attempts: number
  nextAttemptAt: number
  /** `pending` waits for (another) attempt; `failed` was refused for good and awaits dismissal. */
  state: 'pending' | 'failed'
  lastError: OutboxError | null
}

/** Where items are kept: IndexedDB in the app and the worker, memory in unit tests. */
export interface OutboxRepo {
  list(): Promise<OutboxItem[]>
  get(id: string): Promise<OutboxItem | undefined>
  put(item: OutboxItem): Promise<void>
  remove(id: string): Promise<void>
}

/** The result of one attempt to send an item. */
export type SendOutcome =
  | { kind: 'done'; status: number; body: unknown }
  | { kind: 'retry'; error: OutboxError }
  | { kind: 'final'; error: OutboxError }
