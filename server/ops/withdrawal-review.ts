/**
 * The review of held withdrawals (server/risk/holds.ts holds them): an operator approves one (to
 * the payout queue, its due date as promised) or rejects it with a reason the user is shown: the
 * coins return, or are forfeited when the terms were broken. Every decision writes its audit row
 * in the same transaction. Holds, not bans: nothing here touches the account itself.
 */
import type { Tx } from '../db/index.ts'
import type { AppContext } from '../context.ts'
import { badRequest, conflict, notFound } from '../lib/errors.ts'
import { formatRupees } from '../../contract/rules.ts'
import type { ReviewOutcome } from '../../contract/api/risk.ts'
import { postLedgerEntry } from '../earning/ledger.ts'
import { auditedAction } from './operator-actions.ts'
import type { Actor } from './audit.ts'

/** The withdrawal `id` and its review, locked for `tx`. Throws 400 VALIDATION, 404. */
async function lockHeld(ctx: AppContext, tx: Tx, id: number) {
  if (!Number.isInteger(id) || id <= 0)
    throw badRequest('VALIDATION', 'The withdrawal id must be a number.')
  const q = tx.selectFrom('withdrawals').selectAll().where('id', '=', id)
  const w = await ctx.dialect.lockForUpdate(q).executeTakeFirst()
  if (!w) throw notFound('WITHDRAWAL_NOT_FOUND', `No withdrawal ${id}.`)
  const review = await tx
    .selectFrom('withdrawal_reviews')
    .selectAll()
    .where('withdrawal_id', '=', id)
    .executeTakeFirst()
  return { w, review }
}

/** The operator's reason: 3–500 characters. Throws 400 VALIDATION. */
function reasonOf(reason: unknown): string {
  const why = typeof reason === 'string' ? reason.trim() : ''
  if (why.length < 3 || why.length > 500)
    throw badRequest('VALIDATION', 'Give a reason (3–500 characters).')
  return why
}

/**
 * Approves held withdrawal `id`: it joins the payout queue (`requested`) with its due date
 * unchanged; audited as `withdrawal.approve`. Approving an approved one changes nothing.
 * Throws 404 WITHDRAWAL_NOT_FOUND, 409 WITHDRAWAL_NOT_HELD, 400 VALIDATION (reason).
 */
export async function approveHeldWithdrawal(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reason: unknown,
): Promise<ReviewOutcome> {
  const note = reasonOf(reason)
  return auditedAction(
    ctx,
    actor,
    async (tx) => {
      const { w, review } = await lockHeld(ctx, tx, id)
      const outcome = { withdrawal_id: w.id, user_id: w.user_id, coins_returned: 0 }
      if (review?.decision === 'approved')
        return { ...outcome, status: 'requested' as const, unchanged: true }
      if (w.status !== 'held' || !review)
        throw conflict(
          'WITHDRAWAL_NOT_HELD',
          `Withdrawal ${id} is ${w.status}, not held for review.`,
        )
      const at = ctx.now().toISOString()
      await tx
        .updateTable('withdrawals')
        .set({ status: 'requested', updated_at: at })
        .where('id', '=', w.id)
        .execute()
      await tx
        .updateTable('withdrawal_reviews')
        .set({ decision: 'approved', operator_id: actor.operatorId, note, decided_at: at })
        .where('withdrawal_id', '=', w.id)
        .execute()
      return { ...outcome, status: 'requested' as const, unchanged: false }
    },
    async (out) =>
      out.unchanged
        ? null
        : {
            action: 'withdrawal.approve',
            entity: 'withdrawals',
            entityId: id,
            before: { status: 'held' },
            after: { status: 'requested' },
            reason: note,
          },
  )
}

/**
 * Rejects held withdrawal `id` with a reason the user is shown. The held coins (amount and fee)
 * return as a `withdrawal_return` ledger row, or with `forfeit` stay taken (the terms' rule for
 * coins earned by several accounts of one person or scripted claims): its hold rows are then
 * confirmed and say so. Audited as `withdrawal.reject`. Rejecting again changes nothing.
 * Throws 404 WITHDRAWAL_NOT_FOUND, 409 WITHDRAWAL_NOT_HELD, 400 VALIDATION (reason).
 */
export async function rejectHeldWithdrawal(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reason: unknown,
  forfeit = false,
): Promise<ReviewOutcome> {
  const note = reasonOf(reason)
  return auditedAction(
    ctx,
    actor,
    async (tx) => {
      const { w, review } = await lockHeld(ctx, tx, id)
      const outcome = { withdrawal_id: w.id, user_id: w.user_id, status: 'rejected' as const }
      if (w.status === 'rejected')
        return { ...outcome, coins_returned: review?.coins_returned ?? 0, unchanged: true }
      if (w.status !== 'held' || !review)
        throw conflict(
          'WITHDRAWAL_NOT_HELD',
          `Withdrawal ${id} is ${w.status}, not held for review.`,
        )
      const now = ctx.now()
      const at = now.toISOString()
      await ctx.dialect.lockUser(tx, w.user_id)
      await tx
        .updateTable('withdrawals')
        .set({ status: 'rejected', reason: note.slice(0, 200), updated_at: at })
        .where('id', '=', w.id)
        .execute()
      const holds = tx
        .updateTable('ledger_entries')
        .where('withdrawal_id', '=', w.id)
        .where('kind', 'in', ['withdrawal_hold', 'transfer_fee'])
        .where('status', '=', 'pending')
      if (forfeit) {
        await holds
          .set({
            status: 'confirmed',
            description: `Withdrawal #${w.id} rejected on review, coins forfeited: ${note.slice(0, 100)}`,
            updated_at: at,
          })
          .execute()
      } else {
        await holds.set({ status: 'failed', updated_at: at }).execute()
        await postLedgerEntry(tx, {
          userId: w.user_id,
          kind: 'withdrawal_return',
          coins: w.coins,
          rupees: w.amount + w.fee,
          status: 'confirmed',
          description: `Withdrawal #${w.id} rejected on review (${note.slice(0, 100)}): ${formatRupees(w.amount + w.fee)} returned`,
          idempotencyKey: `withdrawal-return:${w.id}`,
          withdrawalId: w.id,
          at: now,
        })
      }
      const coinsReturned = forfeit ? 0 : w.coins
      await tx
        .updateTable('withdrawal_reviews')
        .set({
          decision: 'rejected',
          coins_returned: coinsReturned,
          operator_id: actor.operatorId,
          note,
          decided_at: at,
        })
        .where('withdrawal_id', '=', w.id)
        .execute()
      return { ...outcome, coins_returned: coinsReturned, unchanged: false }
    },
    async (out) =>
      out.unchanged
        ? null
        : {
            action: 'withdrawal.reject',
            entity: 'withdrawals',
            entityId: id,
            before: { status: 'held' },
            after: { status: 'rejected', coins_returned: out.coins_returned, forfeit },
            reason: note,
          },
  )
}
