/**
 * The load process of `npm run bench:api` (forked by `runLoad`, so the load generator does not
 * share the API's process and its CPU time is not counted as the API's): receives one LoadSpec
 * over IPC, fires it at the API with autocannon (closed loop) or open-loop.ts (`ratePerSecond`), records every answer's latency and status (and,
 * for refusals, the JSON `code`), sends one LoadResult back and exits.
 */
import crypto from 'node:crypto'
import autocannon from 'autocannon'
import { percentile, type LoadResult, type LoadSpec } from './api-load.ts'
import { openLoop } from './open-loop.ts'

const spec = await new Promise<LoadSpec>((resolve) => process.once('message', resolve))
if (spec.ratePerSecond) {
  const figures = await openLoop({ ...spec, ratePerSecond: spec.ratePerSecond })
  process.send?.(figures, () => process.exit(0))
  await new Promise(() => {})
}
const latencies: number[] = []
/** Latencies by HTTP status, and of the answers after the first second of the run. */
const byStatus: Record<string, number[]> = {}
const afterFirstSecond: number[] = []
let startedAt = 0
/** When the last answer arrived (performance.now(), ms). */
let lastAnswerAt = 0
const refusals: Record<string, number> = {}
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
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) return
          let code: string
          try {
            code = String((JSON.parse(body) as { code?: unknown }).code ?? '')
          } catch {
            code = 'non-JSON'
          }
          const label = `${status} ${code}`.trim()
          refusals[label] = (refusals[label] ?? 0) + 1
        },
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
  latencies.push(responseTime)
  ;(byStatus[String(status)] ??= []).push(responseTime)
  lastAnswerAt = performance.now()
  if (lastAnswerAt - startedAt > 1000) afterFirstSecond.push(responseTime)
})

/** Sends the figures of the finished run to the bench and lets the process end. */
function report(result: autocannon.Result) {
  latencies.sort((a, b) => a - b)
  afterFirstSecond.sort((a, b) => a - b)
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
  const statuses: Record<string, number> = {}
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[status] = Number(stat.count ?? 0)
  }
  const requests = latencies.length
  // From the start to the last answer: autocannon's own `duration` ends at its next one-second
  // tick after the last answer, so a run bounded by `amount` (the credited claims) was up to a
  // second longer than it took, and its rate up to an eighth lower than it was.
  const durationSeconds = lastAnswerAt > startedAt ? (lastAnswerAt - startedAt) / 1000 : 0
  const figures: LoadResult = {
    name: spec.name,
    connections: spec.connections,
    requests,
    durationSeconds,
    requestsPerSecond: durationSeconds > 0 ? requests / durationSeconds : 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    statuses,
    refusals,
    byStatus: latencyByStatus,
    p99AfterFirstSecond: percentile(afterFirstSecond, 99),
    errors: result.errors,
    timeouts: result.timeouts,
  }
  process.send?.(figures, () => process.exit(0))
}
