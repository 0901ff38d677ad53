/**
 * The web budgets of docs/product.md#budgets, per state a page is measured in (tests/bench/web.ts):
 * - `cold`: a page without account data, opened with nothing stored (Lighthouse's simulated
 *   throttling): performance ≥ 90, LCP ≤ 1.8 s, TBT ≤ 200 ms, CLS ≤ 0.1;
 * - `result`: /payment-success and /payment-fail, cold, no LCP budget: their Loading drawn within
 *   the public LCP budget (the first paint ≤ 1.8 s: Loading's placeholders hold no text, so it is
 *   not a contentful paint), the result by 2.3 s, CLS 0;
 * - `returning`: a signed-in screen as a returning user opens it (service worker activated, saved
 *   copy in IndexedDB, storage kept): LCP ≤ 0.5 s;
 * - `new-device`: a signed-in screen with nothing stored but the access token: LCP ≤ 2.5 s.
 * Accessibility 100, best practices 100 and SEO ≥ 90 hold in every state.
 */

/** The state a page is audited in. */
export type WebState = 'cold' | 'result' | 'returning' | 'new-device'

/** A state's budgets: scores 0–100, times in seconds (TBT in ms), CLS unitless; absent: none. */
export interface StateBudgets {
  performance?: number
  paintSeconds?: number
  lcpSeconds?: number
  tbtMs?: number
  cls?: number
  resultSeconds?: number
}

const CATEGORY_BUDGETS = { accessibility: 100, bestPractices: 100, seo: 90 } as const

export const WEB_BUDGETS: Record<WebState, StateBudgets> = {
  cold: { performance: 90, lcpSeconds: 1.8, tbtMs: 200, cls: 0.1 },
  result: { paintSeconds: 1.8, resultSeconds: 2.3, cls: 0 },
  returning: { lcpSeconds: 0.5 },
  'new-device': { lcpSeconds: 2.5 },
}

/** The landing page's JavaScript from the network within 10 s of load, gzipped (bytes). */
export const LANDING_JS_BUDGET_BYTES = 100_000

/** One audit's figures (scores 0–100, times in seconds, TBT in ms). */
export interface AuditFigures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  /** The first paint of any kind (s): a Loading placeholder counts. */
  paintSeconds: number
  fcpSeconds: number
  lcpSeconds: number
  tbtMs: number
  cls: number
  /** The LCP element, as Lighthouse names it (its selector and text snippet); '' if none. */
  lcpElement: string
  /** For the `result` state: when the result replaced Loading (s after navigation); else NaN. */
  resultSeconds: number
  /** Scored audits that did not pass, as "category: id (title)". */
  failing: string[]
  /** Lighthouse's measure of this machine's speed during the run (higher is faster). */
  benchmarkIndex: number
}

/** Which of `state`'s budgets `f` misses, as readable lines; empty when all are met. */
export function missedBudgets(state: WebState, f: AuditFigures): string[] {
  const b = WEB_BUDGETS[state]
  const missed: string[] = []
  const atLeast = (name: string, value: number, min: number | undefined) => {
    if (min !== undefined && !(value >= min)) missed.push(`${name} ${value} < ${min}`)
  }
  const atMost = (name: string, value: number, max: number | undefined, unit: string) => {
    if (max !== undefined && !(value <= max)) {
      missed.push(
        `${name} ${unit === ' ms' ? Math.round(value) : value.toFixed(3)}${unit} > ${max}${unit}`,
      )
    }
  }
  atLeast('performance', f.performance, b.performance)
  atLeast('accessibility', f.accessibility, CATEGORY_BUDGETS.accessibility)
  atLeast('best practices', f.bestPractices, CATEGORY_BUDGETS.bestPractices)
  atLeast('SEO', f.seo, CATEGORY_BUDGETS.seo)
  atMost('first paint', f.paintSeconds, b.paintSeconds, ' s')
  atMost('LCP', f.lcpSeconds, b.lcpSeconds, ' s')
  atMost('result', f.resultSeconds, b.resultSeconds, ' s')
  atMost('TBT', f.tbtMs, b.tbtMs, ' ms')
  atMost('CLS', f.cls, b.cls, '')
  return missed
}

/** `state`'s budgets in one line, e.g. "perf ≥ 90, LCP ≤ 1.8 s, TBT ≤ 200 ms, CLS ≤ 0.1". */
export function describeBudgets(state: WebState): string {
  const b = WEB_BUDGETS[state]
  const parts: string[] = []
  if (b.performance !== undefined) parts.push(`perf ≥ ${b.performance}`)
  if (b.paintSeconds !== undefined) parts.push(`first paint (Loading) ≤ ${b.paintSeconds} s`)
  if (b.lcpSeconds !== undefined) parts.push(`LCP ≤ ${b.lcpSeconds} s`)
  if (b.resultSeconds !== undefined) parts.push(`result ≤ ${b.resultSeconds} s`)
  if (b.tbtMs !== undefined) parts.push(`TBT ≤ ${b.tbtMs} ms`)
  if (b.cls !== undefined) parts.push(`CLS ≤ ${b.cls}`)
  parts.push('a11y 100, bp 100, SEO ≥ 90')
  return parts.join(', ')
}
