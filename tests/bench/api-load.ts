/**
 * One load scenario of `npm run bench:api`, fired by autocannon in a process of its own (so the
 * load generator shares neither the API's event loop nor its CPU account): the spec that goes in,
 * the figures that come out, and `runLoad`, which forks the load process and waits for them.
 */
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** One request shape; the scenario cycles through its templates, one per request. */
export interface RequestTemplate {
  headers: Record<string, string>
  /** JSON text of the body, if any. */
  body?: string
}

/** What to fire: bounded by `amount` requests, else by `durationSeconds`. Serializable. */
export interface LoadSpec {
  name: string
  /** e.g. `http://127.0.0.1:40123` (loopback only). */
  baseUrl: string
  method: 'GET' | 'POST'
  path: string
  connections: number
  durationSeconds: number
  amount?: number
  templates: RequestTemplate[]
  /** Adds a fresh `Idempotency-Key` header to every request. */
  uniqueIdempotencyKey?: boolean
  /**
   * Open loop (open-loop.ts): this many requests a second on a fixed schedule, whatever the
   * answers, latencies from each request's scheduled time; `connections` is then ignored.
   * Absent: autocannon's closed loop, `connections` requests in flight at all times.
   */
  ratePerSecond?: number
}

/** The figures of one scenario. Latencies in ms, from send to the last byte of the answer. */
export interface LoadResult {
  name: string
  connections: number
  /** Answers received (any status). */
  requests: number
  /** Wall time of the run, seconds. */
  durationSeconds: number
  requestsPerSecond: number
  p50: number
  p95: number
  p99: number
  max: number
  /** Answers by HTTP status, e.g. `{ '200': 31, '409': 5012 }`. */
  statuses: Record<string, number>
  /** Non-2xx answers by `status code` of the JSON body, e.g. `{ '409 ALREADY_REWARDED': 5012 }`. */
  refusals: Record<string, number>
  /** Latency by HTTP status (answers, p50, p99, max in ms): which answers make the p99. */
  byStatus: Record<string, { count: number; p50: number; p99: number; max: number }>
  /** p99 (ms) of the answers received after the run's first second (0 when none). */
  p99AfterFirstSecond: number
  /** Connection errors and timeouts (no answer at all). */
  errors: number
  timeouts: number
}

/** The value at percentile `p` (0–100) of `sorted` (ascending), nearest-rank; 0 when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] ?? 0
}

const LOAD_FILE = fileURLToPath(new URL('./api-load-worker.ts', import.meta.url))

/**
 * Runs `spec` in a fresh Node process (TypeScript through tsx's loader) and resolves with its
 * figures. `pinTo` (a CPU list such as `1`) starts it under `taskset -c`. Rejects when the
 * process fails or exits without answering.
 */
export function runLoad(spec: LoadSpec, pinTo?: string): Promise<LoadResult> {
  const args = ['--import', 'tsx', LOAD_FILE]
  const child = pinTo
    ? fork(LOAD_FILE, [], {
        execPath: 'taskset',
        execArgv: ['-c', pinTo, process.execPath, ...args.slice(0, 2)],
      })
    : fork(LOAD_FILE, [], { execArgv: args.slice(0, 2) })
  return new Promise((resolve, reject) => {
    let settled = false
    child.once('message', (result: LoadResult) => {
      settled = true
      resolve(result)
    })
    child.once('error', (error) => {
      settled = true
      reject(error)
    })
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`load process for ${spec.name} exited with ${code}`))
    })
    child.send(spec)
  })
}
