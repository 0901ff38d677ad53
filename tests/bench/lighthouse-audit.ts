/**
 * Lighthouse mobile audits for the web benchmark: its default mobile settings (Moto G Power
 * emulation, simulated Slow 4G, 4× CPU slowdown) in Debian's Chromium, launched by
 * chrome-launcher with the flags of tests/helpers/browser.ts. Before each run the origin's data is
 * wiped; a logged-in audit then logs in through the app's own /loginn screen and waits for the
 * dashboard, as a developer does before auditing a logged-in page, so the run starts from what a
 * login leaves behind: the access token in localStorage and the user and plans the app keeps in
 * IndexedDB. Lighthouse's own storage reset (service workers, Cache Storage, HTTP cache) keeps
 * those two, so every run is a returning user's load with a cold network cache.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH, logInThroughScreen } from '../helpers/browser.ts'

/** The budgets: category scores 0–100, LCP in seconds, TBT in ms, CLS unitless. */
export const LIGHTHOUSE_BUDGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 90,
  lcpSeconds: 1.8,
  tbtMs: 100,
  cls: 0,
} as const

export interface AuditFigures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpSeconds: number
  tbtMs: number
  cls: number
  /** Scored audits that did not pass, as "category: id (title)". */
  failing: string[]
  /** Lighthouse's measure of this machine's speed during the run (higher is faster). */
  benchmarkIndex: number
}

type Lhr = {
  categories: Record<
    string,
    { score: number | null; auditRefs: Array<{ id: string; weight: number }> }
  >
  audits: Record<
    string,
    { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string }
  >
  runtimeError?: { message: string }
  environment: { benchmarkIndex: number }
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/** The bench user's sign-in: an email or phone number and the 4-digit PIN. */
export interface BenchLogin {
  identifier: string
  pin: string
}

export interface LighthouseBrowser {
  /** Audits `url`; with `login`, as that user logged in through /loginn, else as a guest. */
  audit(url: string, login: BenchLogin | null, reportName: string): Promise<AuditFigures>
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

  /**
   * Wipes the origin's data, then leaves what the audit's visitor has: nothing for a guest; for
   * `login`, what logging in through /loginn leaves (the token, and the user and plans the
   * dashboard keeps in IndexedDB, waited for here).
   */
  async function seedSession(origin: string, login: BenchLogin | null): Promise<void> {
    const page = await context.newPage()
    const session = await context.newCDPSession(page)
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
    await session.send('Network.clearBrowserCache')
    if (login) {
      await logInThroughScreen(page, login.identifier, login.pin, origin)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.waitForFunction(storedUserAndPlans, undefined, { timeout: 15_000 })
      // The dashboard registers the service worker once idle, and its install precaches every
      // file of the build: left running, that work (and the server's answers to it) would share
      // the two CPUs with the audited page load. A returning user's worker is long installed.
      await page.evaluate(serviceWorkerActivated)
    }
    if (language === 'hi') {
      // The visitor's choice of Hindi, as the language switch stores it: after the
      // login, whose screen the helper fills in by its English labels.
      if (!login) await page.goto(`${origin}/robots.txt`)
      await page.evaluate(() => localStorage.setItem('lang', 'hi'))
      await context.addCookies([{ name: 'lang', value: 'hi', url: origin }])
    }
    await session.detach()
    await page.close()
  }

  return {
    async audit(url, login, reportName) {
      // Lighthouse sometimes loses its own trace ("Please run Lighthouse again", e.g. NO_NAVSTART):
      // such a run is repeated, up to twice; any other failure stops the benchmark.
      for (let attempt = 1; ; attempt++) {
        await seedSession(new URL(url).origin, login)
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
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
        // (chrome://tracing, the Performance panel, or Lighthouse's own Lantern simulation).
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

/**
 * Runs in the page: whether the app has kept the user and the plans in IndexedDB (idb-keyval's
 * default database, src/lib/idb-storage.ts; zustand's persisted `{ state }`).
 */
function storedUserAndPlans(): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open('keyval-store')
    open.onerror = () => resolve(false)
    open.onsuccess = () => {
      const db = open.result
      try {
        const store = db.transaction('keyval').objectStore('keyval')
        const user = store.get('user-store')
        const plans = store.get('plans-store')
        plans.onsuccess = () => {
          const u = user.result as { state?: { user?: unknown } } | undefined
          const p = plans.result as { state?: { plans?: unknown[] | null } } | undefined
          resolve(Boolean(u?.state?.user) && Boolean(p?.state?.plans?.length))
          db.close()
        }
        plans.onerror = () => resolve(false)
      } catch {
        // No object store yet: the app has not written anything.
        db.close()
        resolve(false)
      }
    }
  })
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
    lcpSeconds: numeric('largest-contentful-paint') / 1000,
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  }
}

/** Which budgets `f` misses, as readable lines; empty when all are met. */
export function missedBudgets(f: AuditFigures): string[] {
  const b = LIGHTHOUSE_BUDGETS
  const missed: string[] = []
  if (f.performance < b.performance) missed.push(`performance ${f.performance} < ${b.performance}`)
  if (f.accessibility < b.accessibility)
    missed.push(`accessibility ${f.accessibility} < ${b.accessibility}`)
  if (f.bestPractices < b.bestPractices)
    missed.push(`best practices ${f.bestPractices} < ${b.bestPractices}`)
  if (f.seo < b.seo) missed.push(`SEO ${f.seo} < ${b.seo}`)
  if (!(f.lcpSeconds <= b.lcpSeconds))
    missed.push(`LCP ${f.lcpSeconds.toFixed(2)} s > ${b.lcpSeconds} s`)
  if (!(f.tbtMs <= b.tbtMs)) missed.push(`TBT ${Math.round(f.tbtMs)} ms > ${b.tbtMs} ms`)
  if (!(f.cls <= b.cls)) missed.push(`CLS ${f.cls.toFixed(3)} > ${b.cls}`)
  return missed
}

/**
 * Runs in the page: resolves once the page's service worker is registered and activated (its
 * install, and so its precaching, done), or after 30 s.
 */
function serviceWorkerActivated(): Promise<void> {
  const activated = navigator.serviceWorker.ready.then((registration) => {
    const worker = registration.active
    if (!worker || worker.state === 'activated') return
    return new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve()
      })
    })
  })
  return Promise.race([activated, new Promise<void>((resolve) => setTimeout(resolve, 30_000))])
}
