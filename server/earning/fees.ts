/**
 * The platform fee's refund (docs/product.md#rules): an operator refunds the one-time fee within
 * the refund window; `platform_fee_paid` turns off and an informational ledger row (coins 0,
 * rupees refunded, the UPI reference) records it.
 */
import { conflict } from '../lib/errors.ts'
import type { AppContext } from '../context.ts'
import { postLedgerEntry } from './ledger.ts'
import { checkUpiReference } from './order-settlement.ts'

export interface FeeRefund {
  user_id: number
  rupees: number
}

/**
 * Refunds the platform fee of `userId` with the refund's UPI reference, in one transaction.
 * Throws 409 FEE_NOT_PAID, 409 REFUND_WINDOW_PASSED (more than `platformFeeRefundDays` days
 * after the payment, unless `force`), 400 VALIDATION for a bad reference.
 */
export async function refundPlatformFee(
  ctx: AppContext,
  userId: number,
  upiReference: unknown,
  options: { force?: boolean } = {},
): Promise<FeeRefund> {
  const reference = checkUpiReference(upiReference)
  return ctx.db.transaction().execute(async (tx) => {
    const user = await ctx.dialect.lockUser(tx, userId)
    if (!user.platform_fee_paid)
      throw conflict('FEE_NOT_PAID', 'This user has no platform fee to refund.')
    const paid = await tx
      .selectFrom('ledger_entries')
      .select(['rupees', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'platform_fee')
      .where('status', '=', 'confirmed')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    const now = ctx.now()
    const windowMs = ctx.rules.platformFeeRefundDays * 86_400_000
    if (paid && now.getTime() - Date.parse(paid.created_at) > windowMs && !options.force) {
      throw conflict(
        'REFUND_WINDOW_PASSED',
        `The fee was paid on ${paid.created_at.slice(0, 10)}, more than ${ctx.rules.platformFeeRefundDays} days ago (use --force to refund anyway).`,
      )
    }
    const rupees = paid?.rupees ?? ctx.rules.platformFeeRupees
    await tx.updateTable('users').set({ platform_fee_paid: 0 }).where('id', '=', userId).execute()
    await postLedgerEntry(tx, {
      userId,
      kind: 'platform_fee_refund',
      coins: 0,
      rupees,
      status: 'confirmed',
      description: `Platform fee of ₹${rupees} refunded`,
      reference,
      idempotencyKey: `fee-refund:${reference}`,
      at: now,
    })
    return { user_id: userId, rupees }
  })
}
