/**
 * The load process of `npm run bench:api` (forked by `runLoad`, so the load generator does not
 * share the API's process and its CPU time is not counted as the API's): receives one LoadSpec
 * over IPC, fires it at the API with autocannon (closed loop) or open-loop.ts (`ratePerSecond`), records every answer's latency and status (and,
 * for refusals, the JSON `code`), sends one LoadResult back and exits.
 */
import crypto from 'node:crypto'
import autocannon from 'autocannon'
import type { LoadSpec } from './api-load.ts'
import { LoadRecord } from './load-record.ts'
import { openLoop } from './open-loop.ts'

const spec = await new Promise<LoadSpec>((resolve) => process.once('message', resolve))
if (spec.ratePerSecond) {
  const figures = await openLoop({ ...spec, ratePerSecond: spec.ratePerSecond })
  process.send?.(figures, () => process.exit(0))
  await new Promise(() => {})
}
const record = new LoadRecord()
/** The latencies of the answers after the first second of the run. */
const afterFirstSecond: number[] = []
let startedAt = 0
const runId = crypto.randomBytes(4).toString('hex')
let next = 0

const instance = autocannon(
  {
    url: spec.baseUrl,
    connections: spec.connections,
    duration: spec.durationSeconds,
    amount: spec.amount,
    timeout: 30,
    requests: [
      {
        method: spec.method,
        path: spec.path,
        setupRequest: (request) => {
          const template = spec.templates[next % spec.templates.length]
          next += 1
          if (!template) return request
          const headers: Record<string, string> = { ...template.headers }
          if (template.body !== undefined) headers['content-type'] = 'application/json'
          if (spec.uniqueIdempotencyKey) headers['idempotency-key'] = `bench-${runId}-${next}`
          return { ...request, headers, body: template.body }
        },
        onResponse: (status, body) => record.refusal(status, body),
      },
    ],
  },
  (error: unknown, result: autocannon.Result) => {
    if (error) throw error
    report(result)
  },
)

instance.on('start', () => {
  startedAt = performance.now()
})
instance.on('response', (_client, status: number, _bytes, responseTime: number) => {
  const at = performance.now()
  record.answer(status, responseTime, at)
  if (at - startedAt > 1000) afterFirstSecond.push(responseTime)
})

/** Sends the figures of the finished run to the bench and lets the process end. */
function report(result: autocannon.Result) {
  const statuses: Record<string, number> = {}
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[status] = Number(stat.count ?? 0)
  }
  const figures = record.result({
    name: spec.name,
    connections: spec.connections,
    startedAt,
    statuses,
    afterFirstSecond,
    errors: result.errors,
    timeouts: result.timeouts,
  })
  process.send?.(figures, () => process.exit(0))
}
