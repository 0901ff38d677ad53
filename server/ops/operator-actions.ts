/**
 * The operators' actions on orders and withdrawals (docs/product.md#operators), for the console and the command
 * line: each runs the same earning function as the webhook (server/earning/orders.ts,
 * withdrawals.ts) inside one transaction that also writes the audit row (before and after).
 */
import type { Tx } from '../db/index.ts'
import type { AppContext, MoneyEvent } from '../context.ts'
import { confirmOrder, rejectOrder, type OrderOutcome } from '../earning/order-settlement.ts'
import { refundPlatformFee, type FeeRefund } from '../earning/fees.ts'
import { failWithdrawal, payWithdrawal, type WithdrawalOutcome } from '../earning/withdrawals.ts'
import { badRequest, notFound } from '../lib/errors.ts'
import { writeAudit, type Actor } from './audit.ts'
import { joinTransaction } from './join-transaction.ts'

/**
 * Runs `fn` in one transaction with a context whose earning functions join it, and writes the
 * audit row `entry(result)` there too (skipped when `entry` returns null: nothing changed). The
 * money events the earning functions tell (`onMoneyMoved`) wait until this transaction commits.
 */
export async function auditedAction<T>(
  ctx: AppContext,
  actor: Actor,
  fn: (tx: Tx, joined: AppContext) => Promise<T>,
  entry: (result: T, tx: Tx) => Promise<Parameters<typeof writeAudit>[2] | null>,
): Promise<T> {
  const events: MoneyEvent[] = []
  const result = await ctx.db.transaction().execute(async (tx) => {
    const joined: AppContext = {
      ...ctx,
      db: joinTransaction(tx),
      onMoneyMoved: (event) => events.push(event),
    }
    const result = await fn(tx, joined)
    const audit = await entry(result, tx)
    if (audit) await writeAudit(tx, actor, audit, ctx.now())
    return result
  })
  for (const event of events) ctx.onMoneyMoved?.(event)
  return result
}

/**
 * One audited change of one row: `read` (the row, locked) before `apply` and after it, both in
 * the audit row `audit.action`; nothing is audited when the outcome says `unchanged` (a repeat).
 */
function auditedRowChange<T extends { unchanged?: boolean }>(
  ctx: AppContext,
  actor: Actor,
  audit: { action: string; entity: string; entityId: string | number; reason?: string },
  read: (tx: Tx) => Promise<unknown>,
  apply: (joined: AppContext) => Promise<T>,
): Promise<T> {
  let before: unknown
  return auditedAction(
    ctx,
    actor,
    async (tx, joined) => {
      before = await read(tx)
      return apply(joined)
    },
    async (out, tx) => (out.unchanged ? null : { ...audit, before, after: await read(tx) }),
  )
}

async function orderRow(ctx: AppContext, tx: Tx, orderId: string) {
  const q = tx.selectFrom('orders').selectAll().where('order_id', '=', orderId)
  const row = await ctx.dialect.lockForUpdate(q).executeTakeFirst()
  if (!row) throw notFound('ORDER_NOT_FOUND', `No order ${orderId}.`)
  return row
}

async function withdrawalRow(ctx: AppContext, tx: Tx, id: number) {
  if (!Number.isInteger(id) || id <= 0)
    throw badRequest('VALIDATION', 'The withdrawal id must be a number.')
  const q = tx.selectFrom('withdrawals').selectAll().where('id', '=', id)
  const row = await ctx.dialect.lockForUpdate(q).executeTakeFirst()
  if (!row) throw notFound('WITHDRAWAL_NOT_FOUND', `No withdrawal ${id}.`)
  return row
}

/**
 * Confirms order `orderId` with the UPI reference (the UTR seen in the bank statement) through
 * confirmOrder, and audits it (`order.confirm`, the order row before and after). Errors as
 * confirmOrder's (404 ORDER_NOT_FOUND, 409 UTR_MISMATCH, …); a refused action writes nothing.
 */
export async function confirmOrderAsOperator(
  ctx: AppContext,
  actor: Actor,
  orderId: string,
  upiReference: unknown,
  reason?: string,
): Promise<OrderOutcome> {
  return auditedRowChange(
    ctx,
    actor,
    { action: 'order.confirm', entity: 'orders', entityId: orderId, reason },
    (tx) => orderRow(ctx, tx, orderId),
    (joined) => confirmOrder(joined, orderId, upiReference),
  )
}

/**
 * Rejects order `orderId` (the payment never arrived) through rejectOrder, with a required
 * reason, and audits it (`order.reject`). Throws 400 VALIDATION without a reason; otherwise
 * rejectOrder's errors.
 */
export async function rejectOrderAsOperator(
  ctx: AppContext,
  actor: Actor,
  orderId: string,
  reason: unknown,
): Promise<OrderOutcome> {
  const why = requireReason(reason)
  return auditedRowChange(
    ctx,
    actor,
    { action: 'order.reject', entity: 'orders', entityId: orderId, reason: why },
    (tx) => orderRow(ctx, tx, orderId),
    (joined) => rejectOrder(joined, orderId, why),
  )
}

/**
 * Marks withdrawal `id` paid with the UTR of the payout through payWithdrawal, and audits it
 * (`withdrawal.pay`). Errors as payWithdrawal's; paying again with the same UTR changes nothing
 * and writes no audit row.
 */
export async function payWithdrawalAsOperator(
  ctx: AppContext,
  actor: Actor,
  id: number,
  upiReference: unknown,
  reason?: string,
): Promise<WithdrawalOutcome> {
  return auditedRowChange(
    ctx,
    actor,
    { action: 'withdrawal.pay', entity: 'withdrawals', entityId: id, reason },
    (tx) => withdrawalRow(ctx, tx, id),
    (joined) => payWithdrawal(joined, id, upiReference),
  )
}

/**
 * Marks withdrawal `id` failed with a required reason through failWithdrawal (the coins return
 * to the balance as a ledger row), and audits it (`withdrawal.fail`). Throws 400 VALIDATION
 * without a reason; otherwise failWithdrawal's errors.
 */
export async function failWithdrawalAsOperator(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reason: unknown,
): Promise<WithdrawalOutcome> {
  const why = requireReason(reason)
  return auditedRowChange(
    ctx,
    actor,
    { action: 'withdrawal.fail', entity: 'withdrawals', entityId: id, reason: why },
    (tx) => withdrawalRow(ctx, tx, id),
    (joined) => failWithdrawal(joined, id, why),
  )
}

/** A reason of 3–500 characters. Throws 400 VALIDATION. */
export function requireReason(value: unknown): string {
  const reason = typeof value === 'string' ? value.trim() : ''
  if (reason.length < 3 || reason.length > 500) {
    throw badRequest('VALIDATION', 'Give a reason (3–500 characters).')
  }
  return reason
}

/**
 * Refunds `userId`'s platform fee (docs/product.md#rules: ₹99, refundable within 90 days) through
 * refundPlatformFee, with the refund's UPI reference, and writes the audit row (the user's fee
 * flag before and after, `force` in the reason) in the same transaction. Throws what
 * refundPlatformFee throws (409 FEE_NOT_PAID, 409 REFUND_WINDOW_PASSED, 400 VALIDATION).
 */
export async function refundFeeAsOperator(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  upiReference: unknown,
  options: { force?: boolean } = {},
): Promise<FeeRefund> {
  const feeState = (tx: Tx) =>
    tx.selectFrom('users').select(['platform_fee_paid']).where('id', '=', userId).executeTakeFirst()
  let before: unknown
  return auditedAction(
    ctx,
    actor,
    async (tx, joined) => {
      before = await feeState(tx)
      return refundPlatformFee(joined, userId, upiReference, options)
    },
    async (out, tx) => ({
      action: 'fee.refund',
      entity: 'users',
      entityId: userId,
      before,
      after: {
        ...(await feeState(tx)),
        refunded_rupees: out.rupees,
        upi_reference: String(upiReference),
      },
      reason: options.force
        ? 'platform fee refund (forced past the refund window)'
        : 'platform fee refund',
    }),
  )
}
