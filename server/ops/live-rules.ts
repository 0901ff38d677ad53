/**
 * The live rules of docs/product.md#rules: stored in `rule_versions`, one row per edit (the newest is in
 * force, the rest is the history), edited by operators in the console, validated here, and applied
 * to every running instance within seconds: each instance reads the newest row every
 * RULES_REFRESH_MS and copies it into its `config.rules`, the object every route, the earning and
 * account functions and `GET /config/` read.
 */
import { isDeepStrictEqual } from 'node:util'
import type { Db, SqlDialect } from '../db/index.ts'
import { DEFAULT_RULES, type Rules } from '../../contract/rules.ts'
import { DEFAULT_RISK_RULES, type RiskRules } from '../../contract/risk-rules.ts'
import { badRequest } from '../lib/errors.ts'
import { writeAudit, type Actor } from './audit.ts'
import type { RulesVersion } from '../../contract/api/ops-content.ts'

/** The advisory lock that serializes rule saves on PostgreSQL (any fixed number). */
const RULES_LOCK_KEY = 170_003

/** How often an instance looks for a newer rules row: 2 s, in ms. */
export const RULES_REFRESH_MS = 2000

type NumericRule = {
  [K in keyof Rules]: Rules[K] extends number ? K : never
}[keyof Rules]

/**
 * The rules an operator may change, with their bounds. `coinsPerRupee` is not among them: every
 * ledger row is counted in it. `withdrawalTime` is computed from the plans (docs/product.md#rules).
 */
export const EDITABLE_NUMBERS: Record<
  Exclude<NumericRule, 'coinsPerRupee'>,
  { min: number; max: number; label: string }
> = {
  referralRewardReferrerCoins: {
    min: 0,
    max: 1_000_000,
    label: 'Referral reward to the referrer (coins)',
  },
  referralRewardFriendCoins: {
    min: 0,
    max: 1_000_000,
    label: 'Referral reward to the friend (coins)',
  },
  signupBonusCoins: { min: 0, max: 10_000_000, label: 'Signup bonus (coins)' },
  withdrawMinBalanceRupees: {
    min: 0,
    max: 1_000_000,
    label: 'Withdrawal minimum balance (₹, 0 = off)',
  },
  withdrawMinVideos: { min: 0, max: 100_000, label: 'Withdrawal minimum videos watched (0 = off)' },
  withdrawMinReferrals: { min: 0, max: 1_000, label: 'Referrals needed to withdraw (0 = off)' },
  platformFeeRupees: { min: 1, max: 100_000, label: 'Platform fee (₹)' },
  platformFeeRefundDays: { min: 0, max: 3650, label: 'Platform fee refund window (days)' },
  transferFeeRupees: { min: 0, max: 1_000, label: 'Transfer fee per withdrawal (₹)' },
  referralRewardAfterVideos: {
    min: 0,
    max: 1_000,
    label: 'Videos a referred friend watches before the referral rewards (0 = at verification)',
  },
  signupsPerDevicePerDay: {
    min: 0,
    max: 1_000,
    label: 'New accounts per device per day (0 = off)',
  },
  signupsPerAddressPerDay: {
    min: 0,
    max: 100_000,
    label: 'New accounts per network address per day (0 = off)',
  },
}

/**
 * The risk rules an operator may change (contract/api/risk.ts): they decide which withdrawals are
 * held for review and are never served to users. 0 switches a rule off.
 */
export const EDITABLE_RISK: Record<keyof RiskRules, { min: number; max: number; label: string }> = {
  riskDeviceAccounts: { min: 0, max: 1_000, label: 'Hold: accounts on one device (0 = off)' },
  riskPayoutAccounts: {
    min: 0,
    max: 1_000,
    label: 'Hold: accounts paid to one UPI ID or bank account (0 = off)',
  },
  riskSignupBurstAccounts: {
    min: 0,
    max: 100_000,
    label: 'Hold: accounts created from one address within the burst window (0 = off)',
  },
  riskSignupBurstMinutes: { min: 1, max: 10_080, label: 'Hold: signup burst window (minutes)' },
  riskIdleReferrals: {
    min: 0,
    max: 1_000,
    label: 'Hold: referred accounts, all idle, of one referrer (0 = off)',
  },
  riskIdleReferralVideos: {
    min: 1,
    max: 100_000,
    label: 'Hold: videos a referred account watches not to be idle',
  },
  riskScriptedClaims: {
    min: 0,
    max: 1_000,
    label: 'Hold: consecutive claims checked for a script (0 = off)',
  },
  riskScriptedSpreadMs: {
    min: 0,
    max: 600_000,
    label: 'Hold: claims whose gaps vary less than this look scripted (ms)',
  },
  riskUnseenClaims: {
    min: 0,
    max: 1_000,
    label: "Hold: latest claims, none played in the app's player (0 = off)",
  },
}

/** The live rules as stored: the public rules and the risk rules in one row. */
export type LiveRules = Rules & RiskRules

/** The defaults of every live rule. */
export const DEFAULT_LIVE_RULES: LiveRules = { ...DEFAULT_RULES, ...DEFAULT_RISK_RULES }

/** `live` split into the public rules and the risk rules (each key where it belongs). */
export function splitLiveRules(live: LiveRules): { rules: Rules; risk: RiskRules } {
  const risk = {} as Record<string, unknown>
  const rules = {} as Record<string, unknown>
  for (const [key, value] of Object.entries(live)) {
    if (key in DEFAULT_RISK_RULES) risk[key] = value
    else rules[key] = value
  }
  return { rules: rules as Rules, risk: risk as RiskRules }
}

/** The boolean rules an operator may switch. */
export const EDITABLE_SWITCHES = {
  withdrawRequiresPlatformFee: { label: 'Withdrawal needs the platform fee paid' },
} as const

/**
 * Applies `patch` (only the editable rules; whole numbers within their bounds; booleans) to
 * `current`. Throws 400 VALIDATION naming the field, for an unknown field too.
 */
function applyRulesPatch(current: LiveRules, patch: unknown): LiveRules {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) {
    throw badRequest('VALIDATION', 'The rules must be an object.')
  }
  const next: LiveRules = { ...current }
  const numbers: Record<string, { min: number; max: number; label: string }> = {
    ...EDITABLE_NUMBERS,
    ...EDITABLE_RISK,
  }
  for (const [key, value] of Object.entries(patch)) {
    const bounds = numbers[key]
    if (bounds) {
      const { min, max, label } = bounds
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        throw badRequest('VALIDATION', `${label}: a whole number from ${min} to ${max}.`, {
          field: key,
        })
      }
      ;(next as unknown as Record<string, number>)[key] = value
    } else if (key in EDITABLE_SWITCHES) {
      if (typeof value !== 'boolean')
        throw badRequest('VALIDATION', `${key} is on or off.`, { field: key })
      ;(next as unknown as Record<string, boolean>)[key] = value
    } else {
      throw badRequest('VALIDATION', `${key} cannot be changed here.`, { field: key })
    }
  }
  return next
}

/** One stored version of the rules. */
export type { RulesVersion }

/** The newest stored rules merged over `base` (defaults for fields a row lacks), or null if none. */
export async function newestRules(
  db: Db,
  base: LiveRules = DEFAULT_LIVE_RULES,
): Promise<{ id: number; rules: LiveRules } | null> {
  const row = await db
    .selectFrom('rule_versions')
    .select(['id', 'rules'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row) return null
  return { id: row.id, rules: { ...base, ...(JSON.parse(row.rules) as Partial<LiveRules>) } }
}

/** The stored versions, newest first (at most `limit`, default 50), with who saved each. */
export async function rulesHistory(db: Db, limit = 50): Promise<RulesVersion[]> {
  const rows = await db
    .selectFrom('rule_versions')
    .leftJoin('operators', 'operators.id', 'rule_versions.operator_id')
    .select([
      'rule_versions.id',
      'rule_versions.rules',
      'operators.email',
      'rule_versions.reason',
      'rule_versions.created_at',
    ])
    .orderBy('rule_versions.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    rules: JSON.parse(r.rules) as Rules,
    actor: r.email,
    reason: r.reason,
    created_at: r.created_at,
  }))
}

/**
 * Saves a new rules version: `patch` over the rules in force (the newest row, else `base`), with
 * a required reason (3–500 characters), and its audit row (`rules.update`, before and after), in
 * one transaction. Returns the new version's id and rules. A save that changes nothing (a double
 * click, a retried request) stores nothing and returns the version in force, so the history holds
 * each change once (docs/product.md#operators). Throws 400 VALIDATION.
 */
export async function updateRules(
  db: Db,
  dialect: SqlDialect,
  base: LiveRules,
  actor: Actor,
  patch: unknown,
  reason: unknown,
  now: Date,
): Promise<{ id: number; rules: LiveRules }> {
  const why = typeof reason === 'string' ? reason.trim() : ''
  if (why.length < 3 || why.length > 500)
    throw badRequest('VALIDATION', 'Give a reason (3–500 characters).')
  return db.transaction().execute(async (tx) => {
    // Two saves at once on PostgreSQL: the second reads the first's version, not the one before
    // (SQLite runs one write transaction at a time already).
    await dialect.serializeOn(tx, RULES_LOCK_KEY)
    const newest = await newestRules(tx, base)
    const current = newest?.rules ?? base
    const next = applyRulesPatch(current, patch)
    if (newest && isDeepStrictEqual(next, current)) return newest
    const row = await tx
      .insertInto('rule_versions')
      .values({
        rules: JSON.stringify(next),
        operator_id: actor.operatorId,
        reason: why,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeAudit(
      tx,
      actor,
      {
        action: 'rules.update',
        entity: 'rules',
        entityId: row.id,
        before: current,
        after: next,
        reason: why,
      },
      now,
    )
    return { id: row.id, rules: next }
  })
}
