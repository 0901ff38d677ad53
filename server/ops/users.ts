/**
 * Users as operators change them (docs/product.md#operators; the look-up is in user-lookup.ts): a flag or a
 * suspension with the reason the user is told (a suspended user cannot claim rewards or withdraw);
 * a manual balance adjustment with a required reason, as a ledger row. Each change is one
 * transaction with its audit row.
 */
import type { Db, Tx } from '../db/index.ts'
import type { LedgerKind } from '../db/schema/earning.ts'
import type { AppContext } from '../context.ts'
import { postLedgerEntry } from '../earning/ledger.ts'
import { badRequest } from '../lib/errors.ts'
import { writeAudit, type Actor } from './audit.ts'
import type { Moderation } from '../../contract/api/ops.ts'
import { requireReason } from './operator-actions.ts'

/** The ledger kind of an operator's manual adjustment (the wallet shows its description). */
const MANUAL_ADJUSTMENT = 'manual_adjustment' as LedgerKind

/** A user's flag and suspension (none: both false; the contract's `Moderation`). */
export type { Moderation }

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
 * Sets a user's flag and suspension (`reason` 3–500 characters, required; a suspended user reads
 * it). Writes the audit row (`user.moderate`, before/after) in the same transaction.
 * Throws 404 USER_NOT_FOUND, 400 VALIDATION.
 */
export async function moderateUser(
  ctx: AppContext,
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
    await ctx.dialect.lockUser(tx, userId)
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
  ctx: AppContext,
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
    const user = await ctx.dialect.lockUser(tx, userId)
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
