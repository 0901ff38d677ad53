/**
 * The operator commands of docs/product.md#operators, each returning the text to print. Every action runs the
 * same server/earning functions as the API and the webhook: one transaction writing ledger rows
 * and, for confirm/reject/pay/fail, the audit row (actor `cli:<os user>`). Listings and look-ups
 * are the console's own (queues.ts, user-lookup.ts), so both show the same. Errors are ApiError
 * (shown as their message) or UsageError.
 */
import { approveHeldWithdrawal, rejectHeldWithdrawal } from './withdrawal-review.ts'
import { formatRupees } from '../../contract/rules.ts'
import type { AppContext } from '../context.ts'
import { findUserByIdentifier } from '../accounts/users.ts'
import { notFound } from '../lib/errors.ts'
import { allRows, renderTable } from './table.ts'
import { cliActor } from './audit.ts'
import {
  listOrderQueue,
  listWithdrawalQueue,
  type OrderQueueFilter,
  type WithdrawalQueueFilter,
} from './queues.ts'
import { lookUpUser } from './user-lookup.ts'
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
  withdrawals [--status requested|held|paid|failed|rejected|all]
                                                        list withdrawals, oldest due first (default: requested;
                                                        held: the review queue, with why each is held)
  approve-withdrawal <withdrawal_id> <reason>           approve a held withdrawal: it joins the payout queue
  reject-withdrawal <withdrawal_id> <reason> [--forfeit]
                                                        reject a held withdrawal; its coins return (or are forfeited)
  pay-withdrawal <withdrawal_id> <upi_reference>        mark a withdrawal paid
  fail-withdrawal <withdrawal_id> [reason]              mark a withdrawal failed; its coins return
  refund-fee <email|phone> <upi_reference> [--force]    refund the platform fee (within the refund window)
  user <email|phone|referral code>                      show a user, balance and latest ledger rows`

/** Splits `--status X` and `--force` out of the arguments. */
function parseFlags(args: string[]): {
  positional: string[]
  status?: string
  force: boolean
  forfeit: boolean
} {
  const positional: string[] = []
  let status: string | undefined
  let force = false
  let forfeit = false
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string
    if (a === '--status') {
      status = args[++i]
      if (!status) throw new UsageError('--status needs a value.')
    } else if (a.startsWith('--status=')) status = a.slice(9)
    else if (a === '--force') force = true
    else if (a === '--forfeit') forfeit = true
    else if (a.startsWith('--')) throw new UsageError(`Unknown option ${a}.`)
    else positional.push(a)
  }
  return { positional, status, force, forfeit }
}

function need(positional: string[], count: number, names: string): void {
  if (positional.length < count) throw new UsageError(`Missing argument: expected ${names}.`)
}

function statusFilter<S extends string>(
  status: string | undefined,
  allowed: readonly S[],
  fallback: S,
): S | 'all' {
  const s = status ?? fallback
  if (s === 'all') return s
  if (!(allowed as readonly string[]).includes(s))
    throw new UsageError(`--status must be one of ${[...allowed, 'all'].join(', ')}.`)
  return s as S
}

async function requireUser(ctx: AppContext, identifier: string) {
  const user = await findUserByIdentifier(ctx.db, identifier)
  if (!user) {
    throw notFound('USER_NOT_FOUND', `No user with email, phone or referral code ${identifier}.`)
  }
  return user
}

/** Runs one command; returns the text to print. Throws UsageError or ApiError. */
export async function runCommand(ctx: AppContext, argv: string[]): Promise<string> {
  const [command, ...rest] = argv
  const { positional, status, force, forfeit } = parseFlags(rest)
  switch (command) {
    case 'orders': {
      const filter: OrderQueueFilter = {
        status: statusFilter(status, ['pending', 'confirmed', 'rejected'] as const, 'pending'),
      }
      const rows = await allRows((page) => listOrderQueue(ctx, { ...filter, ...page }))
      // USER UTR: the reference the user entered after paying (docs/product.md#transparency), to check against
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
      const filter: WithdrawalQueueFilter = {
        status: statusFilter(
          status,
          ['requested', 'held', 'paid', 'failed', 'rejected'] as const,
          'requested',
        ),
      }
      // By due date, overdue first (docs/product.md#rules): the payout deadline drives the queue.
      const rows = await allRows((page) => listWithdrawalQueue(ctx, { ...filter, ...page }))
      return renderTable(
        ['ID', 'USER', 'UPI ID', 'SEND', 'FEE', 'STATUS', 'UPI REF', 'CREATED', 'DUE', 'WHY HELD'],
        rows.map((r) => [
          r.id,
          r.email,
          r.upi_id,
          formatRupees(r.amount),
          formatRupees(r.fee),
          r.status,
          r.upi_reference,
          r.created_at,
          r.overdue ? `${r.due_at} OVERDUE` : r.due_at,
          r.review?.findings.map((f) => f.reason).join(' | ') ?? '',
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
    case 'approve-withdrawal': {
      need(positional, 2, '<withdrawal_id> <reason>')
      const [id, ...reason] = positional as [string, ...string[]]
      const out = await approveHeldWithdrawal(ctx, cliActor(), Number(id), reason.join(' '))
      return out.unchanged
        ? `Withdrawal ${out.withdrawal_id} was already approved; nothing changed.`
        : `Withdrawal ${out.withdrawal_id} approved: it is in the payout queue.`
    }
    case 'reject-withdrawal': {
      need(positional, 2, '<withdrawal_id> <reason>')
      const [id, ...reason] = positional as [string, ...string[]]
      const out = await rejectHeldWithdrawal(ctx, cliActor(), Number(id), reason.join(' '), forfeit)
      if (out.unchanged)
        return `Withdrawal ${out.withdrawal_id} was already rejected; nothing changed.`
      return out.coins_returned > 0
        ? `Withdrawal ${out.withdrawal_id} rejected; ${out.coins_returned} coins returned to user ${out.user_id}.`
        : `Withdrawal ${out.withdrawal_id} rejected; its coins are forfeited.`
    }
    case 'refund-fee': {
      need(positional, 2, '<email|phone> <upi_reference>')
      const [identifier, ref] = positional as [string, string]
      const user = await requireUser(ctx, identifier)
      const out = await refundFeeAsOperator(ctx, cliActor(), user.id, ref, { force })
      return `Platform fee of ${formatRupees(out.rupees)} refunded to ${user.email} (UPI ref ${ref}).`
    }
    case 'user': {
      need(positional, 1, '<email|phone|referral code>')
      return describeUser(ctx, await lookUpUser(ctx, positional[0] as string))
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}.` : 'No command given.')
  }
}

/** The `user` command's text: the console's look-up of one user, with the 20 newest ledger rows. */
function describeUser(ctx: AppContext, found: Awaited<ReturnType<typeof lookUpUser>>): string {
  const { user, plan, ledger_sum: ledger } = found
  return [
    `User ${user.id}: ${user.first_name} <${user.email}> +91 ${user.phone_number}`,
    `Balance: ${user.points} coins (${formatRupees(user.points / ctx.rules.coinsPerRupee)}); ledger sum ${ledger} (${ledger === user.points ? 'balanced' : 'MISMATCH'})`,
    `Views: ${user.views}; verified referrals: ${found.referral_count}; email verified: ${user.email_verified ? 'yes' : 'no'}`,
    `Plan: ${plan ? `${plan.membership_type} ₹${plan.deposit_point} (${plan.video_point} coins/video)` : 'free'}; platform fee paid: ${user.platform_fee_paid ? 'yes' : 'no'}`,
    found.moderation.suspended || found.moderation.flagged
      ? `Moderation: ${found.moderation.suspended ? 'suspended' : 'flagged'} (${found.moderation.reason})`
      : 'Moderation: none',
    '',
    'Latest ledger rows:',
    renderTable(
      ['ID', 'KIND', 'COINS', 'RUPEES', 'STATUS', 'REFERENCE', 'CREATED'],
      found.ledger
        .slice(0, 20)
        .map((e) => [e.id, e.kind, e.coins, e.rupees, e.status, e.reference, e.created_at]),
    ),
  ].join('\n')
}
