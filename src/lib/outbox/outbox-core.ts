/**
 * Sending the outbox (docs/product.md#api, #deviations): which answers end an item and which keep it for a retry,
 * the retry backoff, and one flush pass under the outbox lock. No DOM and no `@/` imports: the
 * service worker runs this same code when no page is open.
 */
import { withOutboxLock } from './outbox-lock'
import { DEVICE_TOKEN_HEADER, deviceToken } from '../device-token'
import type { OutboxError, OutboxItem, OutboxRepo, SendOutcome } from './outbox-types'

/** First retry delay and the ceiling of the exponential backoff, in ms. */
export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 5 * 60_000

/**
 * Classifies an HTTP answer: 2xx ends the item as done; a network failure (status 0), 408, 429,
 * 5xx, and 409 IDEMPOTENCY_IN_FLIGHT (the first send is still being processed) keep it for a
 * retry; any other 4xx ends it for good (the user is told why).
 */
export function classifyStatus(status: number, code = ''): 'done' | 'retry' | 'final' {
  if (status >= 200 && status < 300) return 'done'
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry'
  if (status === 409 && code === 'IDEMPOTENCY_IN_FLIGHT') return 'retry'
  return 'final'
}

/**
 * Delay before attempt number `attempts + 1`, in ms: 2 s, 4 s, 8 s … capped at 5 min, with up to
 * 20 % random jitter so many phones coming back online do not retry in step.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(exp * (1 + 0.2 * random()))
}

async function readError(response: Response): Promise<OutboxError> {
  let body: Record<string, unknown> = {}
  try {
    body = (await response.json()) as Record<string, unknown>
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  const { message, code, ...extra } = body
  return {
    status: response.status,
    code: typeof code === 'string' ? code : '',
    message: typeof message === 'string' ? message : '',
    extra,
  }
}

/**
 * Sends one item once (POST, JSON, `Idempotency-Key`, and this device's `X-Device-Token` as the
 * app's client sends it: ../device-token.ts, read in the worker too); never throws.
 */
export async function sendItem(
  item: OutboxItem,
  fetchFn: typeof fetch = fetch,
): Promise<SendOutcome> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Idempotency-Key': item.idempotencyKey,
  }
  const device = await deviceToken()
  if (device) headers[DEVICE_TOKEN_HEADER] = device
  if (item.token) headers.Authorization = `Bearer ${item.token}`
  let response: Response
  try {
    response = await fetchFn(item.url, { method: 'POST', headers, body: JSON.stringify(item.body) })
  } catch (error) {
    return {
      kind: 'retry',
      error: {
        status: 0,
        code: 'NETWORK',
        message: error instanceof Error ? error.message : 'Network error',
      },
    }
  }
  if (response.ok) {
    const body: unknown = await response.json().catch(() => null)
    return { kind: 'done', status: response.status, body }
  }
  const error = await readError(response)
  return classifyStatus(error.status, error.code) === 'retry'
    ? { kind: 'retry', error }
    : { kind: 'final', error }
}

export interface FlushOptions {
  fetchFn?: typeof fetch
  now?: () => number
  random?: () => number
  /** Send every pending item now, ignoring `nextAttemptAt` (the connection just came back). */
  force?: boolean
  /** Only these items (the first send of a new item). */
  ids?: string[]
  /** Told about every attempt's outcome, after the repository is updated. */
  onOutcome?: (item: OutboxItem, outcome: SendOutcome) => void
}

/**
 * One pass over the outbox while holding the lock: each due pending item is re-read (another tab
 * may have sent it meanwhile) and sent; done → removed; retry → kept with `attempts + 1` and a
 * backed-off `nextAttemptAt`; final → kept as `failed` with its error for the user to read.
 * Returns the outcomes by item id. Items are sent one after another, oldest first, because the
 * server accepts reward claims only in the order their timers allow (docs/product.md#api).
 */
export async function flushOutbox(
  repo: OutboxRepo,
  options: FlushOptions = {},
): Promise<Map<string, SendOutcome>> {
  const {
    fetchFn = fetch,
    now = Date.now,
    random = Math.random,
    force = false,
    ids,
    onOutcome,
  } = options
  return withOutboxLock(async () => {
    const outcomes = new Map<string, SendOutcome>()
    const items = await repo.list()
    for (const listed of items) {
      if (ids && !ids.includes(listed.id)) continue
      const item = await repo.get(listed.id)
      if (!item || item.state !== 'pending') continue
      if (!force && item.nextAttemptAt > now()) continue
      const outcome = await sendItem(item, fetchFn)
      outcomes.set(item.id, outcome)
      if (outcome.kind === 'done') {
        await repo.remove(item.id)
      } else {
        const attempts = item.attempts + 1
        await repo.put({
          ...item,
          attempts,
          nextAttemptAt:
            outcome.kind === 'retry' ? now() + backoffMs(attempts, random) : item.nextAttemptAt,
          state: outcome.kind === 'retry' ? 'pending' : 'failed',
          lastError: outcome.error,
        })
      }
      onOutcome?.(item, outcome)
      // Offline: the rest would fail the same way; they wait for the next trigger.
      if (outcome.kind === 'retry' && outcome.error.status === 0) break
    }
    return outcomes
  })
}
