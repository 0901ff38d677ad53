// The abuse simulation (tests/sim, docs/abuse.md) at a small size, on SQLite: 60 honest people
// and one ring of each shape drive the real API over HTTP; the defence must hold at least 95 % of
// the rings' payout value and at most 1 % of the honest people who withdrew.
import { describe, expect, it } from 'vitest'

// Before the server's modules load (hence the dynamic imports): the sim measures the risk rules,
// not the PIN hashing, as `npm run sim:abuse` does.
process.env.SCRYPT_N = '1024'

describe('abuse simulation', () => {
  it('holds at least 95 % of the rings’ payout value and at most 1 % of honest withdrawers', async () => {
    const { runSimulation } = await import('../sim/run.ts')
    const { TARGETS, formatReport } = await import('../sim/report.ts')
    const { report, surprises } = await runSimulation({
      honest: 60,
      rings: 5,
      seed: 1,
      engine: 'sqlite',
    })
    const text = formatReport(report)
    const row = (name: string) => report.populations.find((p) => p.population === name)!
    expect([...surprises], text).toEqual([])
    // Not vacuous: both sides withdrew, every ring shape among them.
    expect(row('honest').withdrawers, text).toBeGreaterThanOrEqual(5)
    for (const p of report.populations) expect(p.withdrawals, text).toBeGreaterThan(0)
    expect(report.abusiveHeldShare, text).toBeGreaterThanOrEqual(TARGETS.abusiveHeldAtLeast)
    expect(report.honestHeldShare, text).toBeLessThanOrEqual(TARGETS.honestHeldAtMost)
  }, 180_000)
})
