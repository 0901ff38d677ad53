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
import type { LoadResult, LoadSpec } from './api-load.ts'
import { LoadRecord } from './load-record.ts'

/** Sockets at most, so a stalled server cannot exhaust the machine's ports; beyond, requests wait (and count it). */
const MAX_SOCKETS = 512

/** Fires `spec` open-loop at `spec.ratePerSecond` for `durationSeconds` (or `amount` requests) and resolves its figures. */
export async function openLoop(spec: LoadSpec & { ratePerSecond: number }): Promise<LoadResult> {
  const total = spec.amount ?? Math.max(1, Math.round(spec.ratePerSecond * spec.durationSeconds))
  const gapMs = 1000 / spec.ratePerSecond
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS })
  const url = new URL(spec.path, spec.baseUrl)
  const runId = crypto.randomBytes(4).toString('hex')
  const record = new LoadRecord()
  const statuses: Record<string, number> = {}
  let errors = 0
  let timeouts = 0

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
            const status = response.statusCode ?? 0
            record.answer(status, at - dueAt, at)
            statuses[String(status)] = (statuses[String(status)] ?? 0) + 1
            if (status < 200 || status >= 300)
              record.refusal(status, Buffer.concat(chunks).toString())
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

  // No afterFirstSecond list: p99AfterFirstSecond is over every answer, as p99 is.
  return record.result({
    name: spec.name,
    connections: MAX_SOCKETS,
    startedAt,
    statuses,
    errors,
    timeouts,
  })
}
