/**
 * The bounded pool every PIN, code and password hash runs in (docs/product.md#security). scrypt at OWASP's
 * cost takes a core for a large part of a second, so a flood of logins must not queue without
 * bound in front of everyone else: at most `concurrency` hashes run at once (one per core), at
 * most `maxQueued` wait, and the queue is fair between client addresses: the waiting hash of the
 * address that used the pool least recently goes first (among equals the newest), and when the
 * queue is full a newcomer that used it no more than the heaviest waiting address takes that
 * one's place (which gets the 503). A flood from many addresses therefore gets 503s while a person
 * logging in once waits for about one running hash.
 *
 * A login from a device the account knows (its signed device token, server/accounts/device-tokens.ts)
 * runs in the reserved lane: `reserved` more slots only it may use (it takes a free shared slot
 * too), and a queue of its own that is served before the shared one and never refused. What bounds
 * that lane is the guess budget: each of its hashes is a guess at one account's PIN, and 5 wrong
 * ones lock that account before any hash (docs/product.md#security).
 */
import os from 'node:os'
import { ApiError } from './errors.ts'

/** Which lane a hash runs in: 'reserved' only for a login from a device its account knows. */
export type HashLane = 'shared' | 'reserved'

/** The pool's size: hashes running at once and hashes waiting. */
export interface HashPoolOptions {
  /** Shared slots: hashes of any lane running at once. */
  concurrency: number
  /** Shared hashes waiting at most. */
  maxQueued: number
  /** Slots only the reserved lane uses (default 0). */
  reserved?: number
  /** Half-life of an address's usage score, in ms. */
  usageHalfLifeMs?: number
}

interface Waiting {
  /** -1 for the server's own work, which is never refused. */
  usage: number
  order: number
  start(): void
  refuse(error: ApiError): void
}

/** Addresses remembered at most; the least used are forgotten first. */
const MAX_TRACKED_CLIENTS = 10_000

/** 503 HASHING_BUSY `{ retry_after_seconds }`: the pool is full; the route sets Retry-After. */
export function hashingBusy(retryAfterSeconds: number): ApiError {
  return new ApiError(
    503,
    'HASHING_BUSY',
    `We are very busy right now. Please try again in ${retryAfterSeconds} seconds.`,
    { retry_after_seconds: retryAfterSeconds },
  )
}

export class HashPool {
  private running = 0
  private reservedRunning = 0
  private readonly waiting: Waiting[] = []
  /** The reserved lane's queue, first come first served. */
  private readonly reservedWaiting: ((slot: 'reserved' | 'shared') => void)[] = []
  private readonly usage = new Map<string, { score: number; at: number }>()
  private order = 0
  /** Hashes run to the end so far (tests count the guesses a burst checked). */
  completed = 0
  /** Moving average of one hash's duration in ms, for Retry-After. */
  private averageMs = 500
  private readonly halfLifeMs: number

  constructor(private options: HashPoolOptions) {
    this.halfLifeMs = options.usageHalfLifeMs ?? 30_000
  }

  /** Changes the pool's size (tests make it small); hashes already admitted keep their slots. */
  resize(options: Pick<HashPoolOptions, 'concurrency' | 'maxQueued' | 'reserved'>): void {
    this.options = { ...this.options, ...options }
  }

  /**
   * Runs `task` (one hash) for `client` (its address) once a slot is free. Rejects with 503
   * HASHING_BUSY `{ retry_after_seconds }` when the queue is full of addresses that used the pool
   * less than `client` did, or when a user as light or lighter later takes its place; `task` never
   * runs then. `client` null is the server's own work (seeding, the command line, a mail after the
   * answer): it waits its turn first among the waiting, and is never refused. `lane` 'reserved'
   * (a login from a device the account knows) takes a reserved or a free shared slot, else waits
   * in its own queue, served first; it is never refused.
   */
  async run<T>(
    client: string | null,
    task: () => Promise<T>,
    lane: HashLane = 'shared',
  ): Promise<T> {
    const slot = lane === 'reserved' ? await this.admitReserved(client) : await this.admit(client)
    const started = performance.now()
    try {
      return await task()
    } finally {
      this.averageMs = this.averageMs * 0.9 + (performance.now() - started) * 0.1
      this.completed++
      if (slot === 'reserved') this.releaseReserved()
      else this.release()
    }
  }

  /** Most hashes running and waiting at once in the shared lane (the reserved lane aside). */
  get capacity(): { running: number; waiting: number } {
    return { running: this.options.concurrency, waiting: this.options.maxQueued }
  }

  /** Hashes running and waiting now, both lanes. */
  get load(): { running: number; waiting: number } {
    return {
      running: this.running + this.reservedRunning,
      waiting: this.waiting.length + this.reservedWaiting.length,
    }
  }

  /** A slot for the reserved lane: a reserved one, else a free shared one, else its turn. */
  private async admitReserved(client: string | null): Promise<'reserved' | 'shared'> {
    if (client !== null) this.bumpUsage(client)
    if (this.reservedRunning < (this.options.reserved ?? 0)) {
      this.reservedRunning++
      return 'reserved'
    }
    if (this.running < this.options.concurrency) {
      this.running++
      return 'shared'
    }
    // Whichever slot frees first hands itself over (releaseReserved or release).
    return new Promise((resolve) => this.reservedWaiting.push(resolve))
  }

  private releaseReserved(): void {
    const next = this.reservedWaiting.shift()
    if (!next) {
      this.reservedRunning--
      return
    }
    next('reserved')
  }

  private admit(client: string | null): Promise<'shared'> {
    const usage = client === null ? -1 : this.bumpUsage(client)
    if (this.running < this.options.concurrency) {
      this.running++
      return Promise.resolve('shared')
    }
    if (client !== null && this.waiting.length >= this.options.maxQueued) {
      const heaviest = this.waiting.reduce<Waiting | undefined>(
        (worst, w) => (!worst || w.usage > worst.usage ? w : worst),
        undefined,
      )
      if (!heaviest || heaviest.usage < usage) return Promise.reject(this.busy())
      this.waiting.splice(this.waiting.indexOf(heaviest), 1)
      heaviest.refuse(this.busy())
    }
    return new Promise((start, refuse) => {
      this.waiting.push({ usage, order: this.order++, start: () => start('shared'), refuse })
    })
  }

  private release(): void {
    // The reserved lane's waiting hashes go first.
    const reserved = this.reservedWaiting.shift()
    if (reserved) {
      reserved('shared')
      return
    }
    // A pool made smaller keeps fewer running.
    if (this.waiting.length === 0 || this.running > this.options.concurrency) {
      this.running--
      return
    }
    // The lightest address first; among equals the newest request, so a person who arrives just
    // after a burst of new addresses is not queued behind all of them.
    let next = 0
    for (let i = 1; i < this.waiting.length; i++) {
      const w = this.waiting[i]!
      const best = this.waiting[next]!
      if (w.usage < best.usage || (w.usage === best.usage && w.order > best.order)) next = i
    }
    const [chosen] = this.waiting.splice(next, 1)
    chosen!.start()
  }

  /** `client`'s decayed usage before this request; the request is then counted. */
  private bumpUsage(client: string): number {
    const now = performance.now()
    const entry = this.usage.get(client)
    const before = entry ? entry.score * 0.5 ** ((now - entry.at) / this.halfLifeMs) : 0
    this.usage.delete(client)
    this.usage.set(client, { score: before + 1, at: now })
    // Map order is insertion order: the first entries are the least recently seen.
    if (this.usage.size > MAX_TRACKED_CLIENTS) {
      this.usage.delete(this.usage.keys().next().value!)
    }
    return before
  }

  private busy(): ApiError {
    const waitMs =
      ((this.waiting.length + this.running) / this.options.concurrency) * this.averageMs
    return hashingBusy(Math.max(1, Math.ceil(waitMs / 1000)))
  }
}

/**
 * The process's pool: one hash per core but one at a time in the shared lane, two per core
 * waiting, and one slot reserved for logins from known devices.
 */
export const hashPool = new HashPool({
  concurrency: Math.max(1, os.availableParallelism() - 1),
  maxQueued: 2 * os.availableParallelism(),
  reserved: 1,
})
