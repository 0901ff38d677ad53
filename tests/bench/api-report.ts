/**
 * The tables `npm run bench:api` prints: one per engine, then both engines side by side.
 * Latencies in ms; CPU in ms per answer; the load average is the machine's 1-minute one when
 * the scenario ended.
 */
import type { EngineName } from '../helpers/databases.ts'
import type { LoadResult } from './api-load.ts'

/** One scenario's figures on one engine. */
export interface Row {
  result: LoadResult
  rssMiB: number
  /** Database statements sent per answer during the scenario. */
  statementsPerRequest: number
  /** CPU time of the API's process per answer, ms (on SQLite the database's work is in it). */
  apiCpuMs: number
  /** CPU time of the PostgreSQL backends serving the API per answer, ms (null on SQLite). */
  databaseCpuMs: number | null
  /** The machine's 1-minute load average when the scenario ended. */
  loadAverage: number
  /** The same requests open-loop at half `result`'s rate (open-loop.ts); absent for counted runs. */
  openLoop?: LoadResult
}

/** The name of the floor scenario every route is compared with. */
export const FLOOR = 'floor (token + 1 row)'

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1))
const rate = (value: number) => value.toFixed(value >= 100 ? 0 : 1)
const cpu = (value: number | null) => (value === null ? '—' : value.toFixed(2))
const counts = (record: Record<string, number>) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, count]) => `${label} ×${count}`)
    .join(', ') || '—'

/** A route's rate as a share of the floor's on the same engine ('—' without a floor). */
function ofFloor(rows: Row[], row: Row): string {
  const floor = rows.find((r) => r.result.name === FLOOR)
  if (!floor || floor.result.requestsPerSecond === 0) return '—'
  return `${((100 * row.result.requestsPerSecond) / floor.result.requestsPerSecond).toFixed(0)} %`
}

/** Prints one engine's table. */
export function printTable(engine: EngineName, rows: Row[]) {
  const header = [
    'scenario'.padEnd(34),
    'conn'.padStart(4),
    'requests'.padStart(9),
    'req/s'.padStart(8),
    'p50'.padStart(7),
    'p95'.padStart(7),
    'p99'.padStart(7),
    'max'.padStart(7),
    'stmts/req'.padStart(9),
    'of floor'.padStart(8),
    'CPU API'.padStart(7),
    'CPU PG'.padStart(6),
    'RSS MiB'.padStart(8),
    'load'.padStart(5),
    '  non-2xx (status code ×count)',
  ].join(' ')
  console.log(`\n${engine} (latencies in ms, CPU in ms per answer)`)
  console.log(header)
  console.log('-'.repeat(header.length + 10))
  for (const row of rows) {
    const { result: r } = row
    const failed =
      r.errors + r.timeouts > 0 ? `; no answer ×${r.errors} (timeouts ${r.timeouts})` : ''
    console.log(
      [
        r.name.padEnd(34),
        String(r.connections).padStart(4),
        String(r.requests).padStart(9),
        rate(r.requestsPerSecond).padStart(8),
        ms(r.p50).padStart(7),
        ms(r.p95).padStart(7),
        ms(r.p99).padStart(7),
        ms(r.max).padStart(7),
        row.statementsPerRequest.toFixed(1).padStart(9),
        ofFloor(rows, row).padStart(8),
        cpu(row.apiCpuMs).padStart(7),
        cpu(row.databaseCpuMs).padStart(6),
        row.rssMiB.toFixed(0).padStart(8),
        row.loadAverage.toFixed(1).padStart(5),
        `  ${counts(r.refusals)}${failed}`,
      ].join(' '),
    )
  }
}

/**
 * Prints where each scenario's p99 comes from on `engine`: the p99 without the answers of the
 * run's first second, and answers, p50/p99/max by HTTP status.
 */
export function printLatencyByStatus(engine: EngineName, rows: Row[]) {
  console.log(`\n${engine}: p99 without the first second, and latency by status (ms)`)
  for (const { result: r } of rows) {
    const statuses = Object.entries(r.byStatus)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([status, s]) =>
          `${status} ×${s.count}: p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`,
      )
      .join('; ')
    console.log(
      `  ${r.name.padEnd(34)} p99 ${ms(r.p99).padStart(5)}, after 1 s ${ms(r.p99AfterFirstSecond).padStart(5)}   ${statuses}`,
    )
  }
}

/** Scenarios held to the PostgreSQL targets: the dashboard and the reward claims. */
const TARGETED = /dashboard|add-reward/
/**
 * The API's targets on PostgreSQL (README, docs/benchmarks.md): p99 (ms), share of SQLite's rate,
 * dashboard's of floor.
 */
export const TARGETS = { p99Ms: 100, ofSqlite: 0.5, dashboardOfFloor: 0.5 }

/** The verdict on PostgreSQL's row `p` against the PostgreSQL targets ('—' when not targeted). */
function verdict(p: Row, s: Row, postgres: Row[]): string {
  const name = p.result.name
  if (!TARGETED.test(name)) return '—'
  const missed: string[] = []
  if (p.result.p99 > TARGETS.p99Ms) missed.push(`p99 > ${TARGETS.p99Ms}`)
  if (p.result.requestsPerSecond < TARGETS.ofSqlite * s.result.requestsPerSecond)
    missed.push('< 50 % of SQLite')
  const floor = postgres.find((r) => r.result.name === FLOOR)
  if (
    name.includes('dashboard') &&
    floor &&
    p.result.requestsPerSecond < TARGETS.dashboardOfFloor * floor.result.requestsPerSecond
  )
    missed.push('< 50 % of floor')
  return missed.length === 0 ? 'target met' : `missed: ${missed.join(', ')}`
}

/** Prints SQLite and PostgreSQL side by side: rate, p50, p99, share of floor, PG/SQLite rate. */
export function printSideBySide(results: Array<[EngineName, Row[]]>) {
  const sqlite = results.find(([e]) => e === 'sqlite')?.[1]
  const postgres = results.find(([e]) => e === 'postgres')?.[1]
  if (!sqlite || !postgres) return
  const header = [
    'scenario'.padEnd(34),
    'SQLite req/s'.padStart(12),
    'p50'.padStart(6),
    'p99'.padStart(6),
    'of floor'.padStart(8),
    'PG req/s'.padStart(9),
    'p50'.padStart(6),
    'p99'.padStart(6),
    'of floor'.padStart(8),
    'PG/SQLite'.padStart(9),
    'stmts/req SQLite, PG',
    'load SQLite, PG'.padEnd(16),
    'PG targets (p99 ≤ 100 ms, ≥ 50 % of SQLite, dashboard ≥ 50 % of floor)',
  ].join(' ')
  console.log('\nside by side (latencies in ms)')
  console.log(header)
  console.log('-'.repeat(header.length))
  for (const s of sqlite) {
    const p = postgres.find((r) => r.result.name === s.result.name)
    if (!p) continue
    const share =
      s.result.requestsPerSecond > 0
        ? `${((100 * p.result.requestsPerSecond) / s.result.requestsPerSecond).toFixed(0)} %`
        : '—'
    console.log(
      [
        s.result.name.padEnd(34),
        rate(s.result.requestsPerSecond).padStart(12),
        ms(s.result.p50).padStart(6),
        ms(s.result.p99).padStart(6),
        ofFloor(sqlite, s).padStart(8),
        rate(p.result.requestsPerSecond).padStart(9),
        ms(p.result.p50).padStart(6),
        ms(p.result.p99).padStart(6),
        ofFloor(postgres, p).padStart(8),
        share.padStart(9),
        ` ${s.statementsPerRequest.toFixed(1)}, ${p.statementsPerRequest.toFixed(1)}`.padEnd(20),
        ` ${s.loadAverage.toFixed(1)}, ${p.loadAverage.toFixed(1)}`.padEnd(16),
        verdict(p, s, postgres),
      ].join(' '),
    )
  }
}

/**
 * Prints the service levels of one engine (docs/product.md#scale): each scenario's closed-loop maximum,
 * then the p50/p99 of the same requests at a fixed arrival rate of half of it (open loop, latency
 * from each request's scheduled time), and the answers that were not 2xx or never came.
 */
export function printOpenLoop(engine: EngineName, rows: Row[]) {
  const header = [
    'scenario'.padEnd(34),
    'max req/s'.padStart(9),
    'closed p99'.padStart(10),
    'open req/s'.padStart(10),
    'open p50'.padStart(8),
    'open p99'.padStart(8),
    'open max'.padStart(8),
    '  non-2xx or no answer',
  ].join(' ')
  console.log(`\n${engine}: open loop at half the closed-loop rate (latencies in ms)`)
  console.log(header)
  console.log('-'.repeat(header.length + 10))
  for (const { result: r, openLoop: o } of rows) {
    if (!o) continue
    const failed = o.errors + o.timeouts > 0 ? `; no answer ×${o.errors + o.timeouts}` : ''
    console.log(
      [
        r.name.padEnd(34),
        rate(r.requestsPerSecond).padStart(9),
        ms(r.p99).padStart(10),
        rate(o.requestsPerSecond).padStart(10),
        ms(o.p50).padStart(8),
        ms(o.p99).padStart(8),
        ms(o.max).padStart(8),
        `  ${counts(o.refusals)}${failed}`,
      ].join(' '),
    )
  }
}
