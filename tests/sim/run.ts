/**
 * One run of the abuse simulation: the real API (buildApp) on a fresh database, listening on a
 * random local port behind a trusted proxy (each person's address arrives as `X-Forwarded-For`),
 * its clock the simulation's; a real SMTP sink for the signup codes and the IFSC stand-in for bank
 * details. An operator sets the sim's withdrawal rules through the console API, then the honest
 * people and the rings act over 24 simulated days, and the report is read from the database.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { generate } from 'otplib'
import { buildApp } from '../../server/app.ts'
import type { RiskRules } from '../../contract/risk-rules.ts'
import { createTestDatabase, type EngineName, type TestDatabase } from '../helpers/databases.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { startSmtpSink } from '../helpers/smtp-sink.ts'
import { startIfscStandIn } from '../helpers/ifsc-stand-in.ts'
import type { World } from './client.ts'
import { DAY, honestLife, natPool, planHonest } from './people.ts'
import { seededRng } from './prng.ts'
import { RING_SHAPES, planRing, runRing } from './rings.ts'
import { buildReport, type Report } from './report.ts'
import { Timeline } from './timeline.ts'

export interface SimOptions {
  honest: number
  rings: number
  seed: number
  engine: EngineName
  /** Risk rules to set instead of the product's defaults (experiments only). */
  risk?: Partial<RiskRules>
}

export interface SimResult {
  report: Report
  /** Wall-clock time of the whole run (ms). */
  ms: number
  /** HTTP answers no script expected, by route, status and code (none in a sound run). */
  surprises: Map<string, number>
}

/**
 * The withdrawal rules the sim sets (docs/abuse.md): a withdrawal within a few sessions instead
 * of weeks, and no platform fee, whose UPI payment the sim cannot make. Three verified referrals
 * stay: referral farms exist to meet that condition.
 */
export const SIM_RULES = {
  withdrawMinBalanceRupees: 50,
  withdrawMinVideos: 10,
  withdrawRequiresPlatformFee: false,
}

/** A Monday, 09:00 in India: the simulated period starts here. */
const START_MS = Date.parse('2026-01-05T03:30:00Z')
const PERIOD_DAYS = 24

/** Runs the simulation with `options` and resolves its report. */
export async function runSimulation(options: SimOptions): Promise<SimResult> {
  const started = performance.now()
  const database = await openSimDatabase(options.engine)
  const smtp = await startSmtpSink()
  const ifsc = await startIfscStandIn()
  const timeline = new Timeline(START_MS)
  const app = await buildApp({
    databaseUrl: database.url,
    smtpUrl: `${smtp.url}&pool=true`,
    ifscApiUrl: ifsc.url,
    logLevel: 'silent',
    staticDir: undefined,
    trustProxy: true,
    clock: timeline.now,
    // Weeks of signups pass in seconds of real time: the per-minute limits of the account routes
    // would refuse what a real day spreads out. The door's per-day limits (live rules) stay.
    authRateLimit: { max: 1_000_000_000, timeWindowMs: 60_000 },
  })
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    await setRules(app, baseUrl, timeline, { ...SIM_RULES, ...options.risk })
    const rng = seededRng(options.seed)
    const world: World = {
      baseUrl,
      timeline,
      rng,
      smtp,
      accounts: [],
      feeRupees: app.config.rules.transferFeeRupees,
      endMs: START_MS + PERIOD_DAYS * DAY,
      surprises: new Map(),
      deviceTokens: new Map(),
    }
    const pool = natPool(rng, Math.min(400, Math.max(40, Math.round(options.honest * 0.6))))
    for (const person of planHonest(world, options.honest, START_MS, world.endMs - 6 * DAY)) {
      timeline.spawn(person.joinMs, () => honestLife(world, person, pool))
    }
    for (let i = 0; i < options.rings; i += 1) {
      const ring = planRing(world, i + 1, RING_SHAPES[i % RING_SHAPES.length]!, START_MS)
      timeline.spawn(ring.startMs, () => runRing(world, ring, pool))
    }
    await timeline.run()
    const report = await buildReport(app.db, app.config.risk, world.accounts)
    return { report, ms: performance.now() - started, surprises: world.surprises }
  } finally {
    await app.close()
    await smtp.close()
    await ifsc.close()
    await database.drop()
  }
}

/** A fresh database: a SQLite file in the temp directory, or a new PostgreSQL database. */
async function openSimDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'postgres') return createTestDatabase('postgres')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-abuse-'))
  return {
    url: `file:${path.join(dir, 'sim.db')}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  }
}

/** Enrols an operator, logs in through the console API and saves `rules` with a reason. */
async function setRules(
  app: Awaited<ReturnType<typeof buildApp>>,
  baseUrl: string,
  timeline: Timeline,
  rules: Record<string, unknown>,
): Promise<void> {
  const op = await createTestOperator(
    app.db,
    'sim-operator@mail.example',
    'operator',
    timeline.now(),
  )
  const post = async (method: string, url: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}/api/v1${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
    const answer = (await res.json()) as Record<string, unknown>
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`)
    return answer
  }
  const totp = await generate({ secret: op.totpSecret, epoch: Math.floor(timeline.nowMs / 1000) })
  const session = await post('POST', '/ops/login', {
    email: op.operator.email,
    password: op.password,
    totp,
  })
  await post(
    'PUT',
    '/ops/rules',
    { rules, reason: 'Abuse simulation: withdrawals within days (docs/abuse.md)' },
    String(session.token),
  )
}
