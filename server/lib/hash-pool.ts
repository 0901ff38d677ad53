/**
 * The bounded pool every PIN, code and password hash runs in (DECISIONS §7). scrypt at OWASP's
 * cost takes a core for a large part of a second, so a flood of logins must not queue without
 * bound in front of everyone else: at most `concurrency` hashes run at once (one per core), at
 * most `maxQueued` wait, and the queue is fair between client addresses: the waiting hash of the
 * address that used the pool least recently goes first (among equals the newest), and when the
 * queue is full a newcomer that used it no more than the heaviest waiting address takes that
 * one's place (which gets the 503). A flood from many addresses therefore gets 503s while a person
 * logging in once waits for about one running hash.
 */
import os from 'node:os'
import { ApiError } from './errors.ts'

/** The pool's size: hashes running at once and hashes waiting. */
export interface HashPoolOptions {
  concurrency: number
  maxQueued: number
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
  private readonly waiting: Waiting[] = []
  private readonly usage = new Map<string, { score: number; at: number }>()
  private order = 0
  /** Hashes run to the end so far (tests count the guesses a burst checked). */
  completed = 0
  /** Moving average of one hash's duration in ms, for Retry-After. */
  private averageMs = 500
  private readonly halfLifeMs: number

  constructor(private readonly options: HashPoolOptions) {
    this.halfLifeMs = options.usageHalfLifeMs ?? 30_000
  }

  /**
   * Runs `task` (one hash) for `client` (its address) once a slot is free. Rejects with 503
   * HASHING_BUSY `{ retry_after_seconds }` when the queue is full of addresses that used the pool
   * less than `client` did, or when a user as light or lighter later takes its place; `task` never
   * runs then. `client` null is the server's own work (seeding, the command line, a mail after the
   * answer): it waits its turn first among the waiting, and is never refused.
   */
  async run<T>(client: string | null, task: () => Promise<T>): Promise<T> {
    await this.admit(client)
    const started = performance.now()
    try {
      return await task()
    } finally {
      this.averageMs = this.averageMs * 0.9 + (performance.now() - started) * 0.1
      this.completed++
      this.release()
    }
  }

  /** Most hashes running and waiting at once. */
  get capacity(): { running: number; waiting: number } {
    return { running: this.options.concurrency, waiting: this.options.maxQueued }
  }

  /** Hashes running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  private admit(client: string | null): Promise<void> {
    const usage = client === null ? -1 : this.bumpUsage(client)
    if (this.running < this.options.concurrency) {
      this.running++
      return Promise.resolve()
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
      this.waiting.push({ usage, order: this.order++, start, refuse })
    })
  }

  private release(): void {
    if (this.waiting.length === 0) {
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

/** The process's pool: one hash per core at a time, two per core waiting. */
export const hashPool = new HashPool({
  concurrency: Math.max(1, os.availableParallelism() - 1),
  maxQueued: 2 * os.availableParallelism(),
})
