/**
 * What a load process of `npm run bench:api` records of one run, whichever loop fires it
 * (api-load-worker.ts's autocannon closed loop, open-loop.ts): each answer's latency, overall and
 * by HTTP status, when the last answer came, the refusals by their JSON `code`, and at the end the
 * run's figures as one LoadResult.
 */
import { percentile, type LoadResult } from './api-load.ts'

/** The run's own figures that the record does not see: its name, counters and start. */
export interface RunFigures {
  name: string
  connections: number
  /** When the run started (performance.now(), ms). */
  startedAt: number
  /** Answers by HTTP status. */
  statuses: Record<string, number>
  /** The latencies (ms) of p99AfterFirstSecond; all the run's when absent. */
  afterFirstSecond?: number[]
  errors: number
  timeouts: number
}

/** Sorts `list` ascending in place and returns it. */
const ascending = (list: number[]) => list.sort((a, b) => a - b)

/** The latencies and refusals of one load run. */
export class LoadRecord {
  private readonly latencies: number[] = []
  private readonly byStatus: Record<string, number[]> = {}
  /** Non-2xx answers by `status code` of the JSON body. */
  readonly refusals: Record<string, number> = {}
  /** When the last answer arrived (performance.now(), ms); 0 before any. */
  lastAnswerAt = 0

  /** Records an answer with HTTP `status` that took `latencyMs`, arrived at `at` (performance.now(), ms). */
  answer(status: number, latencyMs: number, at: number): void {
    this.latencies.push(latencyMs)
    ;(this.byStatus[String(status)] ??= []).push(latencyMs)
    this.lastAnswerAt = Math.max(this.lastAnswerAt, at)
  }

  /** Counts a non-2xx answer under `status code` of its JSON `body` (`non-JSON` when it is none). */
  refusal(status: number, body: string): void {
    if (status >= 200 && status < 300) return
    let code: string
    try {
      code = String((JSON.parse(body) as { code?: unknown }).code ?? '')
    } catch {
      code = 'non-JSON'
    }
    const label = `${status} ${code}`.trim()
    this.refusals[label] = (this.refusals[label] ?? 0) + 1
  }

  /** The run's figures; call once, when every answer is in. */
  result(run: RunFigures): LoadResult {
    const latencies = ascending(this.latencies)
    const byStatus: LoadResult['byStatus'] = {}
    for (const [status, list] of Object.entries(this.byStatus)) {
      ascending(list)
      byStatus[status] = {
        count: list.length,
        p50: percentile(list, 50),
        p99: percentile(list, 99),
        max: list.at(-1) ?? 0,
      }
    }
    // From the start to the last answer: autocannon's own `duration` ends at its next one-second
    // tick after the last answer, so a run bounded by `amount` (the credited claims) was up to a
    // second longer than it took, and its rate up to an eighth lower than it was.
    const durationSeconds =
      this.lastAnswerAt > run.startedAt ? (this.lastAnswerAt - run.startedAt) / 1000 : 0
    const requests = latencies.length
    return {
      name: run.name,
      connections: run.connections,
      requests,
      durationSeconds,
      requestsPerSecond: durationSeconds > 0 ? requests / durationSeconds : 0,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
      statuses: run.statuses,
      refusals: this.refusals,
      byStatus,
      p99AfterFirstSecond: percentile(
        run.afterFirstSecond ? ascending(run.afterFirstSecond) : latencies,
        99,
      ),
      errors: run.errors,
      timeouts: run.timeouts,
    }
  }
}
