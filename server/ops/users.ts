/**
 * Users as operators see them (issue 17; DECISIONS §8): look-up by email, phone or referral code
 * with the ledger, orders and withdrawals; a flag or a suspension with the reason the user is
 * told (a suspended user cannot claim rewards or withdraw); a manual balance adjustment with a
 * required reason, as a ledger row. Each change is one transaction with its audit row.
 */
import type { Db, Tx } from '../db/index.ts'
import type { LedgerKind } from '../db/schema/earning.ts'
import type { EarningContext } from '../earning/context.ts'
import { lockUser, postLedgerEntry } from '../earning/ledger.ts'
import { visibleStatus } from '../earning/order-view.ts'
import { badRequest, notFound } from '../lib/errors.ts'
import { writeAudit, type Actor } from './audit.ts'
import { requireReason } from './operator-actions.ts'

/** The ledger kind of an operator's manual adjustment (the wallet shows its description). */
export const MANUAL_ADJUSTMENT = 'manual_adjustment' as LedgerKind

/** A user's flag and suspension (none: both false). */
export interface Moderation {
  flagged: boolean
  suspended: boolean
  reason: string | null
  updated_at: string | null
}

/** The moderation of `userId`. */
export async function moderationOf(db: Db | Tx, userId: number): Promise<Moderation> {
  const row = await db
    .selectFrom('user_moderation')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return {
    flagged: Boolean(row?.flagged),
    suspended: Boolean(row?.suspended),
    reason: row?.reason ?? null,
    updated_at: row?.updated_at ?? null,
  }
}

/**
 * Finds one user by email (any case), 10-digit phone number or referral code, with their ledger
 * (newest 100 rows), orders and withdrawals (newest 50 each) and moderation. Coins are integers;
 * amounts whole rupees. Throws 404 USER_NOT_FOUND, 400 VALIDATION (empty query).
 */
export async function lookUpUser(ctx: EarningContext, query: string) {
  const q = query.trim()
  if (!q) throw badRequest('VALIDATION', 'Give an email, a phone number or a referral code.')
  const base = ctx.db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'email',
      'phone_number',
      'referral_id',
      'referred_by',
      'points',
      'views',
      'membership_plan_id',
      'platform_fee_paid',
      'email_verified',
      'created_at',
    ])
  const user = await (
    q.includes('@')
      ? base.where('email', '=', q.toLowerCase())
      : /^\d{10}$/.test(q)
        ? base.where('phone_number', '=', q)
        : base.where('referral_id', '=', q.toUpperCase())
  ).executeTakeFirst()
  if (!user) throw notFound('USER_NOT_FOUND', `No user with email, phone or referral code ${q}.`)
  const [ledger, orders, withdrawals, moderation] = await Promise.all([
    ctx.db
      .selectFrom('ledger_entries')
      .select(['id', 'kind', 'coins', 'rupees', 'status', 'description', 'reference', 'created_at'])
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
    ctx.db
      .selectFrom('orders')
      .select([
        'order_id',
        'purpose',
        'amount',
        'status',
        'utr',
        'upi_reference',
        'created_at',
        'expires_at',
      ])
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
    ctx.db
      .selectFrom('withdrawals')
      .select([
        'id',
        'upi_id',
        'amount',
        'fee',
        'status',
        'upi_reference',
        'reason',
        'created_at',
        'due_at',
      ])
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
    moderationOf(ctx.db, user.id),
  ])
  const now = ctx.now()
  return {
    user,
    moderation,
    ledger,
    orders: orders.map((o) => ({ ...o, status: visibleStatus(o, now) })),
    withdrawals,
  }
}

/**
 * Sets a user's flag and suspension (`reason` 3–500 characters, required; a suspended user reads
 * it). Writes the audit row (`user.moderate`, before/after) in the same transaction.
 * Throws 404 USER_NOT_FOUND, 400 VALIDATION.
 */
export async function moderateUser(
  ctx: EarningContext,
  actor: Actor,
  userId: number,
  change: { flagged?: unknown; suspended?: unknown },
  reason: unknown,
): Promise<Moderation> {
  const why = requireReason(reason)
  for (const key of ['flagged', 'suspended'] as const) {
    if (change[key] !== undefined && typeof change[key] !== 'boolean') {
      throw badRequest('VALIDATION', `${key} is true or false.`)
    }
  }
  return ctx.db.transaction().execute(async (tx) => {
    await lockUser(tx, ctx.engine, userId)
    const before = await moderationOf(tx, userId)
    const flagged = (change.flagged as boolean | undefined) ?? before.flagged
    const suspended = (change.suspended as boolean | undefined) ?? before.suspended
    const at = ctx.now().toISOString()
    const values = {
      flagged: flagged ? 1 : 0,
      suspended: suspended ? 1 : 0,
      reason: why,
      updated_by: actor.operatorId,
      updated_at: at,
    }
    await tx
      .insertInto('user_moderation')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute()
    const after = { flagged, suspended, reason: why, updated_at: at }
    await writeAudit(
      tx,
      actor,
      { action: 'user.moderate', entity: 'users', entityId: userId, before, after, reason: why },
      ctx.now(),
    )
    return after
  })
}

/**
 * Adds `coins` (a non-zero integer, negative to take coins back; at most 10,000,000 either way)
 * to a user's balance as a confirmed `manual_adjustment` ledger row carrying the reason, with its
 * audit row, in one transaction. Returns the ledger row id and the new balance (coins).
 * Throws 400 VALIDATION, 400 INSUFFICIENT_BALANCE (the balance would go below 0), 404 USER_NOT_FOUND.
 */
export async function adjustBalance(
  ctx: EarningContext,
  actor: Actor,
  userId: number,
  coins: unknown,
  reason: unknown,
): Promise<{ ledger_entry_id: number; points: number }> {
  const why = requireReason(reason)
  if (
    typeof coins !== 'number' ||
    !Number.isInteger(coins) ||
    coins === 0 ||
    Math.abs(coins) > 10_000_000
  ) {
    throw badRequest(
      'VALIDATION',
      'The adjustment is a whole number of coins, not 0, at most 1,00,00,000 either way.',
    )
  }
  return ctx.db.transaction().execute(async (tx) => {
    const user = await lockUser(tx, ctx.engine, userId)
    const now = ctx.now()
    const posted = await postLedgerEntry(tx, {
      userId,
      kind: MANUAL_ADJUSTMENT,
      coins,
      status: 'confirmed',
      description: `Adjustment by support: ${why}`,
      at: now,
    })
    await writeAudit(
      tx,
      actor,
      {
        action: 'user.adjust',
        entity: 'users',
        entityId: userId,
        before: { points: user.points },
        after: { points: posted.points, coins, ledger_entry_id: posted.id },
        reason: why,
      },
      now,
    )
    return { ledger_entry_id: posted.id, points: posted.points }
  })
}
