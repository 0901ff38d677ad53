/**
 * Withdrawals to a UPI ID (docs/product.md#flows, #rules, #transparency). The server checks every condition of the
 * rules, then holds (amount + transfer fee) × coins-per-rupee coins as pending ledger rows. An
 * operator marks the withdrawal paid (the hold is confirmed, with the UPI reference) or failed
 * (the hold is marked failed and the coins return as a new ledger row).
 */
import { assessRisk } from '../risk/assess.ts'
import { holdLinkedWithdrawals, recordHold } from '../risk/holds.ts'
import { recordAccountEvent, type RequestSignal } from '../risk/signals.ts'
import type { Tx } from '../db/index.ts'
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.ts'
import { formatRupees, rupeesToCoins } from '../../contract/rules.ts'
import { canonicalUpiId, checkUpiId } from '../../contract/validation.ts'
import type { AppContext, ReplayNote } from '../context.ts'
import type { WithdrawalRequested } from '../../contract/api/earning.ts'
import type { WithdrawalOutcome } from '../../contract/api/ops.ts'
import {
  InsufficientBalanceError,
  assertWholeRupees,
  postLedgerEntry,
  settleLedgerEntries,
} from './ledger.ts'
import { verifiedReferralCount } from './referrals.ts'
import { checkUpiReference } from './order-settlement.ts'
import { dueAt, payoutDaysFor } from './payout-time.ts'
import { runIdempotent, type StoredResponse } from './idempotency.ts'
import type { ErrorBody } from '../../contract/api/common.ts'

/**
 * Requests a withdrawal of `amount` rupees (the payout; the slider value minus the fee) in `tx`.
 * Checks, in order: UPI ID (400 VALIDATION 'Invalid UPI ID format.'), amount (400 VALIDATION),
 * platform fee (403 PLATFORM_FEE_REQUIRED), referrals (403 REFERRALS_REQUIRED with
 * referral_count, referrals_needed), minimum balance (403 MIN_BALANCE), videos watched
 * (403 MIN_VIDEOS), balance ≥ amount + fee (400 INSUFFICIENT_BALANCE). A refusal changes nothing.
 * The withdrawal stores its payout deadline: `due_at` = now + the best paid plan's
 * `withdrawl_days` (payoutDaysFor; docs/product.md#rules). A withdrawal whose user a risk rule fires for
 * (server/risk/assess.ts) is stored `held` with its findings, for an operator's review, the due
 * date unchanged; the answer is the same (the user sees "under review" in the wallet). The
 * still-requested withdrawals of the accounts it links are then read again (holdLinkedWithdrawals). `signal`
 * (device, address, user agent) is recorded for abuse review.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  body: { upi_id?: unknown; amount?: unknown },
  key: string,
  signal: RequestSignal | null = null,
): Promise<WithdrawalRequested> {
  const rules = ctx.rules
  // Stored canonical (trimmed, lower-case): one payee is one payee for the risk rules, the
  // console's search and the payout file (docs/product.md#units).
  const upiId = typeof body.upi_id === 'string' ? canonicalUpiId(body.upi_id) : ''
  const upiError = checkUpiId(upiId)
  if (upiError) throw badRequest('VALIDATION', upiError)
  const amount = assertWholeRupees(body.amount, 'amount')

  const user = await ctx.dialect.lockUser(tx, userId)
  if (rules.withdrawRequiresPlatformFee && !user.platform_fee_paid) {
    throw forbidden(
      'PLATFORM_FEE_REQUIRED',
      `Please pay the one-time refundable platform fee of ${formatRupees(rules.platformFeeRupees)} to withdraw.`,
    )
  }
  if (rules.withdrawMinReferrals > 0) {
    const count = await verifiedReferralCount(tx, userId)
    if (count < rules.withdrawMinReferrals) {
      throw forbidden(
        'REFERRALS_REQUIRED',
        `Refer ${rules.withdrawMinReferrals} friends who verify their email to withdraw (${count}/${rules.withdrawMinReferrals}).`,
        { referral_count: count, referrals_needed: rules.withdrawMinReferrals },
      )
    }
  }
  if (user.points < rupeesToCoins(rules.withdrawMinBalanceRupees, rules)) {
    throw forbidden(
      'MIN_BALANCE',
      `You need a minimum balance of ${formatRupees(rules.withdrawMinBalanceRupees)} to withdraw earnings.`,
    )
  }
  if (user.views < rules.withdrawMinVideos) {
    throw forbidden(
      'MIN_VIDEOS',
      `Watch at least ${rules.withdrawMinVideos} videos to withdraw (${user.views}/${rules.withdrawMinVideos}).`,
      { views: user.views, videos_needed: rules.withdrawMinVideos },
    )
  }
  const fee = rules.transferFeeRupees
  const amountCoins = rupeesToCoins(amount, rules)
  const feeCoins = rupeesToCoins(fee, rules)
  if (user.points < amountCoins + feeCoins) throw new InsufficientBalanceError()

  const now = ctx.now()
  const at = now.toISOString()
  const days = await payoutDaysFor(tx, userId)
  const due = dueAt(now, days)
  if (signal) await recordAccountEvent(tx, userId, 'withdrawal', signal, now)
  const findings = await assessRisk(tx, ctx.risk, userId, { upiId })
  const inserted = await tx
    .insertInto('withdrawals')
    .values({
      user_id: userId,
      upi_id: upiId,
      amount,
      fee,
      coins: amountCoins + feeCoins,
      status: findings.length > 0 ? 'held' : 'requested',
      upi_reference: null,
      reason: null,
      idempotency_key: key,
      created_at: at,
      updated_at: at,
      withdrawl_days: days,
      due_at: due,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (findings.length > 0) {
    await recordHold(tx, inserted.id, userId, findings, now)
    await holdLinkedWithdrawals(tx, ctx.risk, findings, now)
  }
  await postLedgerEntry(tx, {
    userId,
    kind: 'withdrawal_hold',
    coins: -amountCoins,
    rupees: amount,
    status: 'pending',
    description: `Withdrawal of ${formatRupees(amount)} to ${upiId}`,
    idempotencyKey: key,
    withdrawalId: inserted.id,
    at: now,
  })
  if (feeCoins > 0) {
    await postLedgerEntry(tx, {
      userId,
      kind: 'transfer_fee',
      coins: -feeCoins,
      rupees: fee,
      status: 'pending',
      description: `Transfer fee of ${formatRupees(fee)} for withdrawal #${inserted.id}`,
      idempotencyKey: `${key}#fee`,
      withdrawalId: inserted.id,
      at: now,
    })
  }
  return {
    message: 'Withdrawal request submitted successfully!',
    data: {
      withdrawal_id: inserted.id,
      amount,
      fee,
      status: 'requested',
      withdrawl_days: days,
      due_at: due,
    },
  }
}

async function lockWithdrawal(ctx: AppContext, tx: Tx, id: number) {
  if (!Number.isInteger(id) || id <= 0)
    throw badRequest('VALIDATION', 'The withdrawal id must be a number.')
  const query = tx.selectFrom('withdrawals').selectAll().where('id', '=', id)
  const row = await ctx.dialect.lockForUpdate(query).executeTakeFirst()
  if (!row) throw notFound('WITHDRAWAL_NOT_FOUND', `No withdrawal ${id}.`)
  return row
}

export type { WithdrawalOutcome }

/**
 * Marks a requested withdrawal paid with its UPI reference; its hold rows become confirmed and
 * carry the reference. Paying again with the same reference changes nothing.
 * Throws 404 WITHDRAWAL_NOT_FOUND, 409 WITHDRAWAL_ALREADY_PAID (other reference), 409 WITHDRAWAL_FAILED,
 * 409 WITHDRAWAL_HELD (approve it first), 409 WITHDRAWAL_REJECTED.
 */
export async function payWithdrawal(
  ctx: AppContext,
  id: number,
  upiReference: unknown,
): Promise<WithdrawalOutcome> {
  const reference = checkUpiReference(upiReference)
  const result = await ctx.db.transaction().execute(async (tx): Promise<WithdrawalOutcome> => {
    const w = await lockWithdrawal(ctx, tx, id)
    const outcome = { withdrawal_id: w.id, user_id: w.user_id, returned_coins: 0 }
    if (w.status === 'paid') {
      if (w.upi_reference === reference) return { ...outcome, status: 'paid', unchanged: true }
      throw conflict(
        'WITHDRAWAL_ALREADY_PAID',
        `Withdrawal ${id} is already paid (${w.upi_reference}).`,
      )
    }
    if (w.status === 'failed')
      throw conflict('WITHDRAWAL_FAILED', `Withdrawal ${id} has failed; its coins were returned.`)
    if (w.status === 'held')
      throw conflict('WITHDRAWAL_HELD', `Withdrawal ${id} is held for review: approve it first.`)
    if (w.status === 'rejected')
      throw conflict('WITHDRAWAL_REJECTED', `Withdrawal ${id} was rejected on review.`)
    const now = ctx.now()
    await tx
      .updateTable('withdrawals')
      .set({ status: 'paid', upi_reference: reference, updated_at: now.toISOString() })
      .where('id', '=', w.id)
      .execute()
    await settleLedgerEntries(tx, { withdrawalId: w.id }, 'confirmed', reference, now)
    return { ...outcome, status: 'paid', unchanged: false }
  })
  tellMoneyMoved(ctx, 'withdrawal_paid', result)
  return result
}

/**
 * Marks a requested withdrawal failed: the hold rows become failed and the held coins return as a
 * `withdrawal_return` ledger row (amount and fee). Failing again changes nothing.
 * Throws 404 WITHDRAWAL_NOT_FOUND, 409 WITHDRAWAL_ALREADY_PAID, 409 WITHDRAWAL_HELD (held for
 * review: rejectHeldWithdrawal), 409 WITHDRAWAL_REJECTED.
 */
export async function failWithdrawal(
  ctx: AppContext,
  id: number,
  reason?: string,
): Promise<WithdrawalOutcome> {
  const result = await ctx.db.transaction().execute(async (tx): Promise<WithdrawalOutcome> => {
    const w = await lockWithdrawal(ctx, tx, id)
    const outcome = { withdrawal_id: w.id, user_id: w.user_id }
    if (w.status === 'failed')
      return { ...outcome, status: 'failed', returned_coins: 0, unchanged: true }
    if (w.status === 'paid')
      throw conflict('WITHDRAWAL_ALREADY_PAID', `Withdrawal ${id} is already paid.`)
    // A held withdrawal never reached the payout queue: only its review decides (approve/reject).
    if (w.status === 'held')
      throw conflict(
        'WITHDRAWAL_HELD',
        `Withdrawal ${id} is held for review: approve or reject it.`,
      )
    if (w.status === 'rejected')
      throw conflict('WITHDRAWAL_REJECTED', `Withdrawal ${id} was rejected on review.`)
    const now = ctx.now()
    await ctx.dialect.lockUser(tx, w.user_id)
    await tx
      .updateTable('withdrawals')
      .set({
        status: 'failed',
        reason: reason?.slice(0, 200) || null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', w.id)
      .execute()
    await settleLedgerEntries(tx, { withdrawalId: w.id }, 'failed', null, now)
    await postLedgerEntry(tx, {
      userId: w.user_id,
      kind: 'withdrawal_return',
      coins: w.coins,
      rupees: w.amount + w.fee,
      status: 'confirmed',
      description: `Withdrawal #${w.id} failed${reason ? ` (${reason.slice(0, 100)})` : ''}: ${formatRupees(w.amount + w.fee)} returned`,
      idempotencyKey: `withdrawal-return:${w.id}`,
      withdrawalId: w.id,
      at: now,
    })
    return { ...outcome, status: 'failed', returned_coins: w.coins, unchanged: false }
  })
  tellMoneyMoved(ctx, 'withdrawal_failed', result)
  return result
}

/** Tells `ctx.onMoneyMoved` of a withdrawal that changed (after its transaction committed). */
function tellMoneyMoved(
  ctx: AppContext,
  kind: 'withdrawal_paid' | 'withdrawal_failed',
  result: WithdrawalOutcome,
): void {
  if (!result.unchanged)
    ctx.onMoneyMoved?.({ kind, userId: result.user_id, withdrawalId: result.withdrawal_id })
}

/**
 * `POST /add-withdraw/` once per Idempotency-Key (docs/product.md#api): `requestWithdrawal` in
 * `runIdempotent`'s transaction, whose answer is stored with the key. Resolves the key's answer:
 * 200 `WithdrawalRequested`, a refusal of `requestWithdrawal` stored as the answer, or on a
 * replay the first answer (marked on `note`). Throws 422 IDEMPOTENCY_KEY_REUSED, 409
 * IDEMPOTENCY_IN_FLIGHT.
 */
export function requestWithdrawalOnce(
  ctx: AppContext,
  request: {
    userId: number
    /** The key as stored (`client:KEY`). */
    key: string
    body: Parameters<typeof requestWithdrawal>[3]
    signal: RequestSignal | null
    note?: ReplayNote | null
  },
): Promise<StoredResponse<WithdrawalRequested | ErrorBody>> {
  const { userId, key, body, signal, note } = request
  return runIdempotent(ctx, { userId, key, route: 'add-withdraw', body, note }, async (tx) => ({
    status: 200,
    body: await requestWithdrawal(ctx, tx, userId, body, key, signal),
  }))
}
