/**
 * `npm run bench:lcp-path -- .lighthouse/deposit-fee-1`: where a bench:web run's simulated LCP
 * comes from. Reads the run that `BENCH_TRACE=1 npm run bench:web` kept (its report,
 * trace and DevTools log) and runs Lighthouse's own LCP simulation (Lantern, the run's settings:
 * Slow 4G, 4× CPU) on it, printing each request and main-thread task of the simulated page load
 * with its simulated start and end (ms), so the last one to end is the LCP's critical path.
 * Then the same simulation "what if": with React's file cut to 4 KB (Preact's size), without the
 * screen's early API GETs, and without both, each by dropping or shrinking those requests in a
 * copy of the DevTools log. Figures only; nothing is asserted.
 */
import fs from 'node:fs'

/** One node of Lantern's simulated page load (the parts read here). */
interface SimNode {
  type: 'network' | 'cpu'
  request?: { url: string; resourceType: string }
  duration?: number
  didPerformLayout(): boolean
}
interface SimEstimate {
  timeInMs: number
  nodeTimings: Map<SimNode, { startTime: number; endTime: number }>
}
type DevtoolsEvent = { method: string; params: Record<string, unknown> & { requestId?: string } }

const base = process.argv[2]
if (!base)
  throw new Error('usage: bench:lcp-path <report without .json, e.g. .lighthouse/deposit-fee-1>')
const report = JSON.parse(fs.readFileSync(`${base}.json`, 'utf8')) as Record<string, unknown>
const trace = JSON.parse(fs.readFileSync(`${base}.trace.json`, 'utf8')) as unknown
const devtoolsLog = JSON.parse(
  fs.readFileSync(`${base}.devtoolslog.json`, 'utf8'),
) as DevtoolsEvent[]

// Lighthouse's own modules (its computed LCP artifact and default settings), as its audits use them.
const { LanternLargestContentfulPaint } =
  (await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js')) as {
    LanternLargestContentfulPaint: {
      request(
        data: unknown,
        context: unknown,
      ): Promise<{ timing: number; pessimisticEstimate: SimEstimate }>
    }
  }
const { defaultSettings } = (await import('lighthouse/core/config/constants.js')) as {
  defaultSettings: Record<string, unknown>
}

/** The simulated LCP (ms) of the run with `log` as its DevTools log, and its pessimistic load. */
async function simulate(log: DevtoolsEvent[]) {
  const settings = { ...defaultSettings, ...(report.configSettings as object) }
  const URL = {
    requestedUrl: report.requestedUrl,
    mainDocumentUrl: report.finalUrl ?? report.finalDisplayedUrl,
    finalDisplayedUrl: report.finalDisplayedUrl,
  }
  const data = {
    trace,
    devtoolsLog: log,
    gatherContext: { gatherMode: 'navigation' },
    settings,
    URL,
    SourceMaps: [],
    simulator: null,
  }
  return LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings })
}

/** `log` with the requests whose URL matches `drop` left out. */
function without(log: DevtoolsEvent[], drop: RegExp): DevtoolsEvent[] {
  const ids = new Set(
    log
      .filter((e) => e.method === 'Network.requestWillBeSent')
      .filter((e) => drop.test((e.params.request as { url: string }).url))
      .map((e) => e.params.requestId),
  )
  return log.filter((e) => !ids.has(e.params.requestId))
}

/** `log` with the responses whose URL matches `match` cut to `bytes` on the wire. */
function shrunk(log: DevtoolsEvent[], match: RegExp, bytes: number): DevtoolsEvent[] {
  const ids = new Set(
    log
      .filter((e) => e.method === 'Network.requestWillBeSent')
      .filter((e) => match.test((e.params.request as { url: string }).url))
      .map((e) => e.params.requestId),
  )
  return log.map((e) => {
    if (!ids.has(e.params.requestId)) return e
    if (e.method === 'Network.loadingFinished')
      return { ...e, params: { ...e.params, encodedDataLength: bytes } }
    if (e.method === 'Network.dataReceived')
      return { ...e, params: { ...e.params, encodedDataLength: 0 } }
    return e
  })
}

const result = await simulate(devtoolsLog)
console.log(`${base}: simulated LCP ${Math.round(result.timing)} ms (Lantern, the run's settings)`)
console.log('start    end  what (pessimistic graph; CPU durations are as observed, unthrottled)')
const rows = [...result.pessimisticEstimate.nodeTimings.entries()].sort(
  (a, b) => a[1].startTime - b[1].startTime,
)
for (const [node, t] of rows) {
  const what =
    node.type === 'network'
      ? `${node.request!.resourceType} ${node.request!.url.replace(/^https?:\/\/[^/]+/, '')}`
      : `task ${((node.duration ?? 0) / 1000).toFixed(1)} ms${node.didPerformLayout() ? ' (layout)' : ''}`
  console.log(
    `${String(Math.round(t.startTime)).padStart(5)}  ${String(Math.round(t.endTime)).padStart(5)}  ${what}`,
  )
}
const react = /\/assets\/react-[^/]+\.js$/
const earlyGets = /\/api\/v1\//
const whatIfs: Array<[string, DevtoolsEvent[]]> = [
  ["React's file at 4 KB", shrunk(devtoolsLog, react, 4000)],
  ['without the early API GETs', without(devtoolsLog, earlyGets)],
  ['both', shrunk(without(devtoolsLog, earlyGets), react, 4000)],
]
for (const [name, log] of whatIfs) {
  console.log(`what if ${name}: simulated LCP ${Math.round((await simulate(log)).timing)} ms`)
}
