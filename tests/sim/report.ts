/**
 * The simulation's figures, read from the database after the run (the people acted only through
 * the API): per population, the accounts, their withdrawals, the payout value and the value held
 * for review; per risk rule, what it held; and the two targets of the defence. Also what a second
 * look before paying would hold: each withdrawal still in the payout queue assessed again with
 * the rules as they read the database at the end (server/risk/assess.ts).
 */
import type { Db } from '../../server/db/index.ts'
import { assessRisk } from '../../server/risk/assess.ts'
import { formatIndianNumber } from '../../contract/rules.ts'
import type { RiskFinding, RiskRuleName, RiskRules } from '../../contract/risk-rules.ts'
import type { Account, Population } from './client.ts'
import { RING_SHAPES } from './rings.ts'

/** The defence's targets: abusive payout value held at least, honest withdrawers held at most. */
export const TARGETS = { abusiveHeldAtLeast: 0.95, honestHeldAtMost: 0.01 }

const RULES: RiskRuleName[] = [
  'shared_device',
  'shared_payout',
  'signup_burst',
  'idle_referrals',
  'scripted_claims',
  'unseen_claims',
]

export interface PopulationFigures {
  population: Population | 'all rings'
  /** Accounts whose registration was accepted. */
  accounts: number
  /** Accounts with a withdrawal, and those with one held. */
  withdrawers: number
  heldUsers: number
  withdrawals: number
  /** Sum of the withdrawals' amounts (₹), and of the held ones'. */
  payoutRupees: number
  heldRupees: number
  /** Held now or on a second look before paying (₹; accounts). */
  recheckRupees: number
  recheckUsers: number
}

export interface RuleFigures {
  rule: RiskRuleName
  ringWithdrawals: number
  ringRupees: number
  honestUsers: number
}

export interface Report {
  populations: PopulationFigures[]
  rules: RuleFigures[]
  /** Held share of the rings' payout value, 0–1 (1 when they withdrew nothing). */
  abusiveHeldShare: number
  /** Held share of the honest people who withdrew, 0–1 (0 when none did). */
  honestHeldShare: number
  /** The same two shares on a second look before paying. */
  recheckAbusiveShare: number
  recheckHonestShare: number
  /** Why each honest person held (now or on the second look) was held: the findings' reasons. */
  honestHolds: { email: string; secondLook: boolean; reasons: string[] }[]
  targetsMet: boolean
}

const share = (part: number, whole: number, empty: number) => (whole > 0 ? part / whole : empty)

/** Reads the run's withdrawals and holds from `db` and sums them per population and rule. */
export async function buildReport(db: Db, risk: RiskRules, accounts: Account[]): Promise<Report> {
  const users = await db.selectFrom('users').select(['id', 'email']).execute()
  const byEmail = new Map(accounts.map((a) => [a.email, a]))
  const accountOf = new Map(users.map((u) => [u.id, byEmail.get(u.email)]))
  const withdrawals = await db
    .selectFrom('withdrawals')
    .leftJoin('withdrawal_reviews', 'withdrawal_reviews.withdrawal_id', 'withdrawals.id')
    .select([
      'withdrawals.user_id',
      'withdrawals.upi_id',
      'withdrawals.amount',
      'withdrawals.status',
    ])
    .select('withdrawal_reviews.findings')
    .orderBy('withdrawals.id')
    .execute()

  const rows = new Map<string, PopulationFigures>()
  const rowOf = (population: PopulationFigures['population']) => {
    let row = rows.get(population)
    if (!row) {
      row = {
        population,
        accounts: 0,
        withdrawers: 0,
        heldUsers: 0,
        withdrawals: 0,
        payoutRupees: 0,
        heldRupees: 0,
        recheckRupees: 0,
        recheckUsers: 0,
      }
      rows.set(population, row)
    }
    return row
  }
  for (const p of ['honest', ...RING_SHAPES, 'all rings'] as const) rowOf(p)
  for (const a of accounts) {
    if (a.token === null) continue
    rowOf(a.population).accounts += 1
    if (a.population !== 'honest') rowOf('all rings').accounts += 1
  }
  const rules = new Map(
    RULES.map((rule) => [
      rule,
      { rule, ringWithdrawals: 0, ringRupees: 0, honestUsers: new Set<number>() },
    ]),
  )
  const withdrew = new Set<number>()
  const held = new Set<number>()
  const recheck = new Set<number>()
  const honestHolds: Report['honestHolds'] = []
  for (const w of withdrawals) {
    const account = accountOf.get(w.user_id)
    if (!account) continue
    const targets =
      account.population === 'honest'
        ? [rowOf('honest')]
        : [rowOf(account.population), rowOf('all rings')]
    const isHeld = w.status === 'held'
    const later =
      w.status === 'requested' ? await assessRisk(db, risk, w.user_id, { upiId: w.upi_id }) : []
    const heldLater = isHeld || later.length > 0
    for (const row of targets) {
      row.withdrawals += 1
      row.payoutRupees += w.amount
      if (isHeld) row.heldRupees += w.amount
      if (heldLater) row.recheckRupees += w.amount
      if (!withdrew.has(w.user_id)) row.withdrawers += 1
      if (isHeld && !held.has(w.user_id)) row.heldUsers += 1
      if (heldLater && !recheck.has(w.user_id)) row.recheckUsers += 1
    }
    withdrew.add(w.user_id)
    if (isHeld) held.add(w.user_id)
    if (heldLater) recheck.add(w.user_id)
    const findings = w.findings ? (JSON.parse(w.findings) as RiskFinding[]) : []
    if (account.population === 'honest' && heldLater) {
      const reasons = [...findings, ...later].map((f) => `${f.rule}: ${f.reason}`)
      honestHolds.push({ email: account.email, secondLook: !isHeld, reasons })
    }
    for (const f of findings) {
      const rule = rules.get(f.rule)
      if (!rule) continue
      if (account.population === 'honest') rule.honestUsers.add(w.user_id)
      else {
        rule.ringWithdrawals += 1
        rule.ringRupees += w.amount
      }
    }
  }
  const honest = rowOf('honest')
  const ringsRow = rowOf('all rings')
  const report: Report = {
    populations: [...rows.values()],
    rules: [...rules.values()].map((r) => ({ ...r, honestUsers: r.honestUsers.size })),
    abusiveHeldShare: share(ringsRow.heldRupees, ringsRow.payoutRupees, 1),
    honestHeldShare: share(honest.heldUsers, honest.withdrawers, 0),
    recheckAbusiveShare: share(ringsRow.recheckRupees, ringsRow.payoutRupees, 1),
    recheckHonestShare: share(honest.recheckUsers, honest.withdrawers, 0),
    honestHolds,
    targetsMet: false,
  }
  report.targetsMet =
    report.abusiveHeldShare >= TARGETS.abusiveHeldAtLeast &&
    report.honestHeldShare <= TARGETS.honestHeldAtMost
  return report
}

const percent = (x: number) => `${(x * 100).toFixed(1)} %`
const rupees = (x: number) => `₹${formatIndianNumber(x)}`

/** `cells` as a text table, the first column left-aligned and the others right-aligned. */
function table(header: string[], cells: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)))
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n')
}

/** The report as printed: the population table, the rule table and the targets. */
export function formatReport(report: Report): string {
  const populations = table(
    [
      'population',
      'accounts',
      'withdrew',
      'held',
      'withdrawals',
      'payout',
      'held value',
      'share held',
      'on 2nd look',
    ],
    report.populations.map((p) => [
      p.population,
      String(p.accounts),
      String(p.withdrawers),
      String(p.heldUsers),
      String(p.withdrawals),
      rupees(p.payoutRupees),
      rupees(p.heldRupees),
      percent(share(p.heldRupees, p.payoutRupees, 0)),
      percent(share(p.recheckRupees, p.payoutRupees, 0)),
    ]),
  )
  const ringsRow = report.populations.find((p) => p.population === 'all rings')!
  const honest = report.populations.find((p) => p.population === 'honest')!
  const rules = table(
    [
      'rule',
      'ring withdrawals',
      'ring value',
      'share of ring value',
      'honest held',
      'share of honest',
    ],
    report.rules.map((r) => [
      r.rule,
      String(r.ringWithdrawals),
      rupees(r.ringRupees),
      percent(share(r.ringRupees, ringsRow.payoutRupees, 0)),
      String(r.honestUsers),
      percent(share(r.honestUsers, honest.withdrawers, 0)),
    ]),
  )
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')
  const holds = report.honestHolds.map(
    (h) => `  ${h.email}${h.secondLook ? ' (on the second look)' : ''}: ${h.reasons.join(' ')}`,
  )
  return [
    populations,
    '',
    'Held by each rule (a withdrawal may be held by several):',
    rules,
    '',
    ...(holds.length > 0 ? ['Honest people held, and why:', ...holds, ''] : []),
    `Abusive payout value held: ${percent(report.abusiveHeldShare)} (target ≥ ${percent(TARGETS.abusiveHeldAtLeast)}): ${verdict(report.abusiveHeldShare >= TARGETS.abusiveHeldAtLeast)}`,
    `Honest withdrawers held:   ${percent(report.honestHeldShare)} (target ≤ ${percent(TARGETS.honestHeldAtMost)}): ${verdict(report.honestHeldShare <= TARGETS.honestHeldAtMost)}`,
    `On a second look before paying: ${percent(report.recheckAbusiveShare)} of the abusive value, ${percent(report.recheckHonestShare)} of honest withdrawers.`,
  ].join('\n')
}
