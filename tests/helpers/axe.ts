/**
 * axe-core in a real page: the library's own script evaluated in the page (through the DevTools
 * protocol, so the app's Content-Security-Policy does not block it), then `axe.run` over the whole
 * document with the WCAG 2.0/2.1 A and AA, WCAG 2.2 AA and best-practice rules.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** The rule sets the scan applies (axe-core tags). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** One violated rule on one page: the rule, its impact and the offending elements' selectors. */
export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/**
 * Runs axe-core over `page` as it is now (injecting the library on first use in that document).
 * Returns the violations, empty when the page passes; rejects when axe itself fails.
 */
export async function axeScan(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async (tags: string[]) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }))
  }, AXE_TAGS)
}

/** Violations as one line each, for a readable test failure. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact ?? 'n/a'}) ${v.help} → ${v.targets.slice(0, 4).join(', ')}`,
  )
}
