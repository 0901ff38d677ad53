/**
 * The operator commands of DECISIONS §8, each returning the text to print. Every action runs the
 * same server/earning functions as the API and the webhook: one transaction writing ledger rows
 * and, for confirm/reject/pay/fail, the audit row (actor `cli:<os user>`, issue 17).
 * Errors are ApiError (shown as their message) or UsageError.
 */
import { formatRupees } from '../../src/shared/rules.ts'
import type { EarningContext } from '../earning/context.ts'
import { verifiedReferralCount } from '../earning/withdrawals.ts'
import { findUserByIdentifier } from '../earning/wallet.ts'
import { notFound } from '../lib/errors.ts'
import { renderTable } from './table.ts'
import { cliActor } from './audit.ts'
import {
  confirmOrderAsOperator,
  failWithdrawalAsOperator,
  payWithdrawalAsOperator,
  refundFeeAsOperator,
  rejectOrderAsOperator,
} from './operator-actions.ts'

/** Bad command line: the message is shown with the usage text. */
export class UsageError extends Error {}

export const USAGE = `Usage: npm run ops -- <command>   (DATABASE_URL chooses the database; default file:./data/app.db)

  orders [--status pending|confirmed|rejected|all]      list orders (default: pending)
  confirm-order <order_id> <upi_reference>              confirm a payment: apply the plan or the platform fee
  reject-order <order_id> [reason]                      reject an order whose payment never arrived
  withdrawals [--status requested|paid|failed|all]      list withdrawals, oldest due first (default: requested)
  pay-withdrawal <withdrawal_id> <upi_reference>        mark a withdrawal paid
  fail-withdrawal <withdrawal_id> [reason]              mark a withdrawal failed; its coins return
  refund-fee <email|phone> <upi_reference> [--force]    refund the platform fee (within the refund window)
  user <email|phone>                                    show a user, balance and latest ledger rows`

/** Splits `--status X` and `--force` out of the arguments. */
function parseFlags(args: string[]): { positional: string[]; status?: string; force: boolean } {
  const positional: string[] = []
  let status: string | undefined
  let force = false
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string
    if (a === '--status') {
      status = args[++i]
      if (!status) throw new UsageError('--status needs a value.')
    } else if (a.startsWith('--status=')) status = a.slice(9)
    else if (a === '--force') force = true
    else if (a.startsWith('--')) throw new UsageError(`Unknown option ${a}.`)
    else positional.push(a)
  }
  return { positional, status, force }
}

function need(positional: string[], count: number, names: string): void {
  if (positional.length < count) throw new UsageError(`Missing argument: expected ${names}.`)
}

function statusFilter(
  status: string | undefined,
  allowed: string[],
  fallback: string,
): string | null {
  const s = status ?? fallback
  if (s === 'all') return null
  if (!allowed.includes(s))
    throw new UsageError(`--status must be one of ${[...allowed, 'all'].join(', ')}.`)
  return s
}

async function requireUser(ctx: EarningContext, identifier: string) {
  const user = await findUserByIdentifier(ctx.db, identifier)
  if (!user) throw notFound('USER_NOT_FOUND', `No user with email or phone ${identifier}.`)
  return user
}

/** Runs one command; returns the text to print. Throws UsageError or ApiError. */
export async function runCommand(ctx: EarningContext, argv: string[]): Promise<string> {
  const [command, ...rest] = argv
  const { positional, status, force } = parseFlags(rest)
  switch (command) {
    case 'orders': {
      const s = statusFilter(status, ['pending', 'confirmed', 'rejected'], 'pending')
      let q = ctx.db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select([
          'orders.order_id',
          'users.email',
          'orders.purpose',
          'orders.amount',
          'orders.membership_plan_id',
          'orders.status',
          'orders.upi_reference',
          'orders.utr',
          'orders.created_at',
        ])
        .orderBy('orders.id')
      if (s) q = q.where('orders.status', '=', s as 'pending')
      const rows = await q.execute()
      // USER UTR: the reference the user entered after paying (DECISIONS §4), to check against
      // the bank statement before confirming.
      return renderTable(
        ['ORDER', 'USER', 'PURPOSE', 'AMOUNT', 'PLAN', 'STATUS', 'USER UTR', 'UPI REF', 'CREATED'],
        rows.map((r) => [
          r.order_id,
          r.email,
          r.purpose,
          formatRupees(r.amount),
          r.membership_plan_id,
          r.status,
          r.utr,
          r.upi_reference,
          r.created_at,
        ]),
      )
    }
    case 'confirm-order': {
      need(positional, 2, '<order_id> <upi_reference>')
      const [orderId, ref] = positional as [string, string]
      const out = await confirmOrderAsOperator(ctx, cliActor(), orderId, ref)
      const what =
        out.purpose === 'platform_fee' ? 'platform fee marked paid' : 'membership plan applied'
      return out.unchanged
        ? `Order ${out.order_id} was already confirmed with ${ref}; nothing changed.`
        : `Order ${out.order_id} confirmed (UPI ref ${ref}): ${what} for user ${out.user_id}.`
    }
    case 'reject-order': {
      need(positional, 1, '<order_id> [reason]')
      const [orderId, ...reason] = positional as [string, ...string[]]
      const why = reason.join(' ') || 'rejected from the command line'
      const out = await rejectOrderAsOperator(ctx, cliActor(), orderId, why)
      return out.unchanged
        ? `Order ${out.order_id} was already rejected.`
        : `Order ${out.order_id} rejected.`
    }
    case 'withdrawals': {
      const s = statusFilter(status, ['requested', 'paid', 'failed'], 'requested')
      let q = ctx.db
        .selectFrom('withdrawals')
        .innerJoin('users', 'users.id', 'withdrawals.user_id')
        .select([
          'withdrawals.id',
          'users.email',
          'upi_id',
          'amount',
          'fee',
          'status',
          'upi_reference',
          'withdrawals.created_at',
          'withdrawals.due_at',
        ])
        // Oldest due first (DECISIONS §3): the payout deadline drives the queue.
        .orderBy('withdrawals.due_at')
        .orderBy('withdrawals.id')
      if (s) q = q.where('withdrawals.status', '=', s as 'requested')
      const rows = await q.execute()
      const now = new Date().toISOString()
      return renderTable(
        ['ID', 'USER', 'UPI ID', 'SEND', 'FEE', 'STATUS', 'UPI REF', 'CREATED', 'DUE'],
        rows.map((r) => [
          r.id,
          r.email,
          r.upi_id,
          formatRupees(r.amount),
          formatRupees(r.fee),
          r.status,
          r.upi_reference,
          r.created_at,
          r.due_at && r.status === 'requested' && r.due_at < now ? `${r.due_at} OVERDUE` : r.due_at,
        ]),
      )
    }
    case 'pay-withdrawal': {
      need(positional, 2, '<withdrawal_id> <upi_reference>')
      const [id, ref] = positional as [string, string]
      const out = await payWithdrawalAsOperator(ctx, cliActor(), Number(id), ref)
      return out.unchanged
        ? `Withdrawal ${out.withdrawal_id} was already paid with ${ref}; nothing changed.`
        : `Withdrawal ${out.withdrawal_id} marked paid (UPI ref ${ref}).`
    }
    case 'fail-withdrawal': {
      need(positional, 1, '<withdrawal_id> [reason]')
      const [id, ...reason] = positional as [string, ...string[]]
      const why = reason.join(' ') || 'failed from the command line'
      const out = await failWithdrawalAsOperator(ctx, cliActor(), Number(id), why)
      return out.unchanged
        ? `Withdrawal ${out.withdrawal_id} was already failed; nothing changed.`
        : `Withdrawal ${out.withdrawal_id} marked failed; ${out.returned_coins} coins returned to user ${out.user_id}.`
    }
    case 'refund-fee': {
      need(positional, 2, '<email|phone> <upi_reference>')
      const [identifier, ref] = positional as [string, string]
      const user = await requireUser(ctx, identifier)
      const out = await refundFeeAsOperator(ctx, cliActor(), user.id, ref, { force })
      return `Platform fee of ${formatRupees(out.rupees)} refunded to ${user.email} (UPI ref ${ref}).`
    }
    case 'user': {
      need(positional, 1, '<email|phone>')
      const user = await requireUser(ctx, positional[0] as string)
      return describeUser(ctx, user)
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}.` : 'No command given.')
  }
}

async function describeUser(
  ctx: EarningContext,
  user: NonNullable<Awaited<ReturnType<typeof findUserByIdentifier>>>,
) {
  const referrals = await ctx.db.transaction().execute((tx) => verifiedReferralCount(tx, user.id))
  const sum = await ctx.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('coins'), eb.lit(0)).as('total'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow()
  const plan = user.membership_plan_id
    ? await ctx.db
        .selectFrom('membership_plans')
        .selectAll()
        .where('id', '=', user.membership_plan_id)
        .executeTakeFirst()
    : undefined
  const entries = await ctx.db
    .selectFrom('ledger_entries')
    .select(['id', 'kind', 'coins', 'rupees', 'status', 'reference', 'created_at'])
    .where('user_id', '=', user.id)
    .orderBy('id', 'desc')
    .limit(20)
    .execute()
  const ledger = Number(sum.total)
  return [
    `User ${user.id}: ${user.first_name} <${user.email}> +91 ${user.phone_number}`,
    `Balance: ${user.points} coins (${formatRupees(user.points / ctx.rules.coinsPerRupee)}); ledger sum ${ledger} (${ledger === user.points ? 'balanced' : 'MISMATCH'})`,
    `Views: ${user.views}; verified referrals: ${referrals}; email verified: ${user.email_verified ? 'yes' : 'no'}`,
    `Plan: ${plan ? `${plan.membership_type} ₹${plan.deposit_point} (${plan.video_point} coins/video)` : 'free'}; platform fee paid: ${user.platform_fee_paid ? 'yes' : 'no'}`,
    '',
    'Latest ledger rows:',
    renderTable(
      ['ID', 'KIND', 'COINS', 'RUPEES', 'STATUS', 'REFERENCE', 'CREATED'],
      entries.map((e) => [e.id, e.kind, e.coins, e.rupees, e.status, e.reference, e.created_at]),
    ),
  ].join('\n')
}
