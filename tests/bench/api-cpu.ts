/**
 * CPU time of the PostgreSQL backends that serve one database, for `npm run bench:api`: the
 * server processes' user and system time from /proc (Linux; PostgreSQL on this machine), so a
 * scenario can report the database's CPU per answer beside the API's.
 */
import fs from 'node:fs'
import { execFileSync } from 'node:child_process'
import pg from 'pg'

/** Clock ticks per second of /proc's times (usually 100). */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

/** User plus system CPU of process `pid` so far, ms; 0 when it is gone or unreadable. */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS
  } catch {
    return 0
  }
}

/**
 * The CPU time so far (ms) of each backend connected to the database at `url`, by process id,
 * this probe's own connection left out; null when /proc cannot be read (not Linux, or PostgreSQL
 * elsewhere). `cpuSpentMs` compares two probes.
 */
export async function databaseCpuMs(url: string): Promise<Map<number, number> | null> {
  if (!fs.existsSync('/proc/self/stat')) return null
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
    return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)]))
  } finally {
    await client.end()
  }
}

/**
 * The CPU (ms) the backends of probe `after` spent since probe `before` (a backend new since
 * then counts from 0). A backend that ended in between (the pool closes idle connections) is
 * missing from `after`, and its time since `before` is not counted: never negative.
 */
export function cpuSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0
  for (const [pid, ms] of after) spent += Math.max(0, ms - (before.get(pid) ?? 0))
  return spent
}
