/**
 * Lighthouse mobile audits for the web benchmark: its mobile defaults (Moto G Power emulation,
 * Slow 4G, 4× CPU slowdown) in Debian's Chromium, launched by chrome-launcher with the flags of
 * tests/helpers/browser.ts. Before each run the browser is put in the page's state
 * (tests/bench/web-states.ts). How each state is throttled:
 * - `cold` and `new-device`: Lighthouse's default simulated throttling (Lantern): the page loads
 *   unthrottled and Lantern computes what Slow 4G and a 4× slower CPU would have made of it.
 *   Nothing is served by a service worker in these states, which is what Lantern models well.
 * - `returning`: `throttlingMethod: 'devtools'` (Slow 4G and 4× CPU applied for real through CDP:
 *   562.5 ms request latency, 1,474.56 kbit/s, as Lighthouse's devtools preset) with
 *   `disableStorageReset: true`. Lantern simulates every request as a Slow 4G network fetch
 *   (its only shortcuts are the disk cache and non-network schemes, @paulirish/trace_engine's
 *   lantern Simulator), so the page, scripts and fonts the service worker answers from Cache
 *   Storage in a few milliseconds would be charged round trips and download time no phone pays.
 *   CDP's throttling applies to the page's own requests only: what the worker fetches from the
 *   network for the page (its NetworkFirst API reads, sw/sw.ts) is not slowed.
 * - `result` (the payment result pages): devtools too: their 2 s of Loading is a timer, which
 *   Lantern's simulation leaves out.
 * BENCH_THROTTLING=devtools runs every state with devtools throttling (for comparison).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium, type BrowserContext } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/browser.ts'
import type { AuditFigures, WebState } from './web-budgets.ts'
import { seedState, type BenchLogin } from './web-states.ts'

type Lhr = {
  categories: Record<
    string,
    { score: number | null; auditRefs: Array<{ id: string; weight: number }> }
  >
  audits: Record<
    string,
    {
      score: number | null
      numericValue?: number
      title: string
      scoreDisplayMode: string
      details?: unknown
    }
  >
  runtimeError?: { message: string }
  environment: { benchmarkIndex: number }
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/** The throttling method a state is audited with (see the comment at the top). */
export function throttlingOf(state: WebState): 'simulate' | 'devtools' {
  if (process.env.BENCH_THROTTLING === 'devtools') return 'devtools'
  return state === 'returning' || state === 'result' ? 'devtools' : 'simulate'
}

export interface LighthouseBrowser {
  /** Audits `url` in `state` (`login`: the bench user, for the signed-in states). */
  audit(
    url: string,
    state: WebState,
    login: BenchLogin | null,
    reportName: string,
  ): Promise<AuditFigures>
  /** The browser's playwright context (for the measures Lighthouse does not take). */
  context: BrowserContext
  close(): Promise<void>
}

/**
 * Launches Chromium for Lighthouse. With `niceness` (e.g. -10, needs root), Chromium runs at that
 * scheduling priority, so other work on a shared machine distorts the CPU figures less.
 */
export async function launchLighthouseBrowser(
  niceness?: number,
  language: 'en' | 'hi' = 'en',
): Promise<LighthouseBrowser> {
  let chromePath = CHROMIUM_PATH
  if (niceness !== undefined) {
    chromePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chrome-')), 'chromium')
    fs.writeFileSync(chromePath, `#!/bin/sh\nexec nice -n ${niceness} ${CHROMIUM_PATH} "$@"\n`, {
      mode: 0o755,
    })
  }
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  })
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  const context = cdp.contexts()[0]!

  return {
    context,
    async audit(url, state, login, reportName) {
      // Lighthouse sometimes loses its own trace ("Please run Lighthouse again", e.g. NO_NAVSTART):
      // such a run is repeated, up to twice; any other failure stops the benchmark.
      for (let attempt = 1; ; attempt++) {
        await seedState(context, url, state, login, language)
        const method = throttlingOf(state)
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          throttlingMethod: method,
          // The returning user's second navigation: storage, worker and caches kept.
          disableStorageReset: state === 'returning',
          // A Hindi visitor's browser asks for Hindi too (BENCH_LANG=hi, tests/bench/web.ts).
          ...(language === 'hi'
            ? { extraHeaders: { 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.8' } }
            : {}),
        })
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
        const lhr = result.lhr as unknown as Lhr
        if (
          lhr.runtimeError &&
          /run Lighthouse again/i.test(lhr.runtimeError.message) &&
          attempt < 3
        ) {
          console.warn(`\n${url}: ${lhr.runtimeError.message}; running it again`)
          continue
        }
        fs.mkdirSync('.lighthouse', { recursive: true })
        fs.writeFileSync(`.lighthouse/${reportName}.json`, String(result.report))
        // BENCH_TRACE=1: the run's trace and DevTools log beside its report, for a closer look
        // (chrome://tracing, the Performance panel, or tests/bench/lcp-path.ts).
        if (process.env.BENCH_TRACE === '1') {
          const { Trace, DevtoolsLog } = result.artifacts as {
            Trace: unknown
            DevtoolsLog: unknown
          }
          fs.writeFileSync(`.lighthouse/${reportName}.trace.json`, JSON.stringify(Trace))
          fs.writeFileSync(
            `.lighthouse/${reportName}.devtoolslog.json`,
            JSON.stringify(DevtoolsLog),
          )
        }
        return figures(lhr)
      }
    },
    async close() {
      await cdp.close().catch(() => undefined)
      chrome.kill()
    },
  }
}

/** The first DOM node a Lighthouse details object names, as "selector «text»"; '' if none. */
function nodeLabel(details: unknown): string {
  if (!details || typeof details !== 'object') return ''
  const item = details as { type?: string; selector?: string; nodeLabel?: string }
  if (item.type === 'node') return `${item.selector ?? ''} «${(item.nodeLabel ?? '').slice(0, 50)}»`
  for (const value of Object.values(details)) {
    const found = nodeLabel(value)
    if (found) return found
  }
  return ''
}

/**
 * The first paint (ms), as the browser saw it (`observedFirstPaint`: under simulated throttling
 * an unthrottled figure, so it is read for the devtools-throttled states only).
 */
function firstPaint(lhr: Lhr): number {
  const items = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> })?.items
  return items?.[0]?.observedFirstPaint ?? Number.NaN
}

function figures(lhr: Lhr): AuditFigures {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const failing: string[] = []
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.scoreDisplayMode === 'informative') continue
      if (ref.weight > 0 && audit.score < 1) {
        failing.push(`${category}: ${ref.id} (${audit.title}) score ${audit.score}`)
      }
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    paintSeconds: firstPaint(lhr) / 1000,
    fcpSeconds: numeric('first-contentful-paint') / 1000,
    lcpSeconds: numeric('largest-contentful-paint') / 1000,
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    lcpElement: nodeLabel(lhr.audits['largest-contentful-paint-element']?.details),
    resultSeconds: Number.NaN,
    failing,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  }
}
