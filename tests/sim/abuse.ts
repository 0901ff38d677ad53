/**
 * `npm run sim:abuse -- [--honest N] [--rings N] [--seed S] [--pg] [--risk name=value,…]`: the
 * abuse simulation (docs/abuse.md). Drives the real API with honest people and abuse rings, prints
 * per population and per risk rule what was withdrawn and what was held, and exits 1 when a
 * target is missed (at least 95 % of the rings' payout value held, at most 1 % of the honest
 * people who withdrew held). Defaults: 500 honest people, 15 rings (three of each shape), seed 1,
 * SQLite in a temporary file; `--pg` runs on a new PostgreSQL database (TEST_PG_ADMIN_URL).
 * `--risk` replaces risk rules for an experiment; the default run keeps the product's.
 */
// The sim measures the rules, not the PIN hashing: scrypt at OWASP's cost would spend most of the
// run hashing PINs and codes. Read by server/lib/crypto.ts as it loads, hence the dynamic import.
process.env.SCRYPT_N ??= '1024'

import type { SimOptions } from './run.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`)
  const value = at === -1 ? NaN : Number(args[at + 1])
  return Number.isInteger(value) && value >= 0 ? value : fallback
}
const riskArg = args.includes('--risk') ? (args[args.indexOf('--risk') + 1] ?? '') : ''
const risk = Object.fromEntries(
  riskArg
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=')
      return [name.trim(), Number(value)]
    }),
)

const { runSimulation } = await import('./run.ts')
const { formatReport } = await import('./report.ts')
const options: SimOptions = {
  honest: option('honest', 500),
  rings: option('rings', 15),
  seed: option('seed', 1),
  engine: args.includes('--pg') ? 'postgres' : 'sqlite',
  risk,
}
console.log(
  `Abuse simulation: ${options.honest} honest people, ${options.rings} rings, seed ${options.seed}, ${options.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}` +
    (riskArg ? `, risk rules changed: ${riskArg}` : ', the product’s risk rules'),
)
const result = await runSimulation(options)
console.log('')
console.log(formatReport(result.report))
for (const [what, count] of result.surprises) console.log(`Unexpected answer: ${what} ×${count}`)
console.log(`Run time: ${(result.ms / 1000).toFixed(1)} s`)
process.exit(result.report.targetsMet && result.surprises.size === 0 ? 0 : 1)
