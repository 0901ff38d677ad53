/**
 * A Vitest reporter that ends the run with one plain line, `N passed, N failed, N skipped`, per
 * project and in total, so a CI log shows at a glance which parts ran (the API tests on both
 * database engines, the end-to-end tests in Chromium).
 */
import type { Reporter, TestModule } from 'vitest/node'

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const byProject = new Map<string, { passed: number; failed: number; skipped: number }>()
    for (const module of testModules) {
      const name = module.project.name || 'default'
      const counts = byProject.get(name) ?? { passed: 0, failed: 0, skipped: 0 }
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed += 1
        else if (state === 'failed') counts.failed += 1
        else counts.skipped += 1
      }
      byProject.set(name, counts)
    }
    const total = { passed: 0, failed: 0, skipped: 0 }
    for (const [name, c] of byProject) {
      console.log(`${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`)
      total.passed += c.passed
      total.failed += c.failed
      total.skipped += c.skipped
    }
    console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
  }
}
