/**
 * Open-loop load (docs/product.md#scale: latency is a service level at a fixed arrival rate, not the
 * queue of a closed loop): requests are sent on a fixed schedule, `ratePerSecond` of them a
 * second, whether or not the earlier ones were answered, as phones arrive. Each latency runs from
 * the moment the schedule said to send the request to the last byte of its answer, so a request
 * the generator could only send late (all sockets busy, its own event loop behind) counts its
 * wait too: no coordinated omission, the flaw of closed-loop tools (autocannon's `overallRate`
 * included), which stop sending while the server is slow and so never measure its slowest moments.
 * Runs in the load process of api-load.ts (`LoadSpec.ratePerSecond`).
 */
import crypto from 'node:crypto'
import http from 'node:http'
import { percentile, type LoadResult, type LoadSpec } from './api-load.ts'

/** Sockets at most, so a stalled server cannot exhaust the machine's ports; beyond, requests wait (and count it). */
const MAX_SOCKETS = 512

/** Fires `spec` open-loop at `spec.ratePerSecond` for `durationSeconds` (or `amount` requests) and resolves its figures. */
export async function openLoop(spec: LoadSpec & { ratePerSecond: number }): Promise<LoadResult> {
  const total = spec.amount ?? Math.max(1, Math.round(spec.ratePerSecond * spec.durationSeconds))
  const gapMs = 1000 / spec.ratePerSecond
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS })
  const url = new URL(spec.path, spec.baseUrl)
  const runId = crypto.randomBytes(4).toString('hex')
  const latencies: number[] = []
  const byStatus: Record<string, number[]> = {}
  const statuses: Record<string, number> = {}
  const refusals: Record<string, number> = {}
  let errors = 0
  let timeouts = 0
  let lastAnswerAt = 0

  /** Sends request `i`, due at `dueAt` (performance.now(), ms); records its answer. */
  const fire = (i: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const template = spec.templates[i % spec.templates.length]
      const headers: Record<string, string> = { ...template?.headers }
      if (template?.body !== undefined) headers['content-type'] = 'application/json'
      if (spec.uniqueIdempotencyKey) headers['idempotency-key'] = `open-${runId}-${i}`
      const request = http.request(
        url,
        { method: spec.method, headers, agent, timeout: 30_000 },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (c: Buffer) => chunks.push(c))
          response.on('end', () => {
            const at = performance.now()
            const latency = at - dueAt
            const status = response.statusCode ?? 0
            latencies.push(latency)
            ;(byStatus[String(status)] ??= []).push(latency)
            statuses[String(status)] = (statuses[String(status)] ?? 0) + 1
            lastAnswerAt = Math.max(lastAnswerAt, at)
            if (status < 200 || status >= 300) {
              let code: string
              try {
                code = String(
                  (JSON.parse(Buffer.concat(chunks).toString()) as { code?: unknown }).code ?? '',
                )
              } catch {
                code = 'non-JSON'
              }
              const label = `${status} ${code}`.trim()
              refusals[label] = (refusals[label] ?? 0) + 1
            }
            resolve()
          })
        },
      )
      request.on('timeout', () => {
        timeouts += 1
        request.destroy(new Error('timeout'))
      })
      request.on('error', () => {
        errors += 1
        resolve()
      })
      request.end(template?.body)
    })

  const startedAt = performance.now()
  const pending: Promise<void>[] = []
  let next = 0
  // Each turn sends every request now due, then yields to the event loop (answers arrive).
  while (next < total) {
    const now = performance.now()
    while (next < total && startedAt + next * gapMs <= now) {
      pending.push(fire(next, startedAt + next * gapMs))
      next += 1
    }
    const wait = startedAt + next * gapMs - performance.now()
    await new Promise((resolve) =>
      wait > 1 ? setTimeout(resolve, wait - 1) : setImmediate(resolve),
    )
  }
  await Promise.all(pending)
  agent.destroy()

  latencies.sort((a, b) => a - b)
  const latencyByStatus: LoadResult['byStatus'] = {}
  for (const [status, list] of Object.entries(byStatus)) {
    list.sort((a, b) => a - b)
    latencyByStatus[status] = {
      count: list.length,
      p50: percentile(list, 50),
      p99: percentile(list, 99),
      max: list.at(-1) ?? 0,
    }
  }
  const durationSeconds = lastAnswerAt > startedAt ? (lastAnswerAt - startedAt) / 1000 : 0
  return {
    name: spec.name,
    connections: MAX_SOCKETS,
    requests: latencies.length,
    durationSeconds,
    requestsPerSecond: durationSeconds > 0 ? latencies.length / durationSeconds : 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    statuses,
    refusals,
    byStatus: latencyByStatus,
    p99AfterFirstSecond: percentile(latencies, 99),
    errors,
    timeouts,
  }
}
