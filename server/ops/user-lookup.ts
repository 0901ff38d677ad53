/**
 * One user as operators see them (DECISIONS §8), for the console's user page and
 * `npm run ops -- user`: the account, its moderation, plan, verified referrals, the ledger's sum
 * beside the balance, and the newest ledger rows, orders and withdrawals.
 */
import type { AppContext } from '../context.ts'
import { findUserByIdentifier, verifiedReferralCount } from '../accounts/users.ts'
import { visibleStatus } from '../earning/order-view.ts'
import { badRequest, notFound } from '../lib/errors.ts'
import { moderationOf } from './users.ts'

/**
 * Finds one user by email (any case), 10-digit phone number or referral code, with their ledger
 * (newest 100 rows) and its sum, orders and withdrawals (newest 50 each), plan, verified
 * referrals and moderation. Coins are integers; amounts whole rupees. Throws 404 USER_NOT_FOUND,
 * 400 VALIDATION (empty query).
 */
export async function lookUpUser(ctx: AppContext, query: string) {
  const q = query.trim()
  if (!q) throw badRequest('VALIDATION', 'Give an email, a phone number or a referral code.')
  const found = await findUserByIdentifier(ctx.db, q)
  if (!found) throw notFound('USER_NOT_FOUND', `No user with email, phone or referral code ${q}.`)
  const user = {
    id: found.id,
    first_name: found.first_name,
    email: found.email,
    phone_number: found.phone_number,
    referral_id: found.referral_id,
    referred_by: found.referred_by,
    points: found.points,
    views: found.views,
    membership_plan_id: found.membership_plan_id,
    platform_fee_paid: found.platform_fee_paid,
    email_verified: found.email_verified,
    created_at: found.created_at,
  }
  const [ledger, ledgerSum, orders, withdrawals, moderation, plan, referrals] = await Promise.all([
    ctx.db
      .selectFrom('ledger_entries')
      .select(['id', 'kind', 'coins', 'rupees', 'status', 'description', 'reference', 'created_at'])
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
    ctx.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('coins'), eb.lit(0)).as('total'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow(),
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
    user.membership_plan_id === null
      ? undefined
      : ctx.db
          .selectFrom('membership_plans')
          .select(['id', 'membership_type', 'deposit_point', 'video_point'])
          .where('id', '=', user.membership_plan_id)
          .executeTakeFirst(),
    verifiedReferralCount(ctx.db, user.id),
  ])
  const now = ctx.now()
  return {
    user,
    moderation,
    plan: plan ?? null,
    referral_count: referrals,
    ledger_sum: Number(ledgerSum.total),
    ledger,
    orders: orders.map((o) => ({ ...o, status: visibleStatus(o, now) })),
    withdrawals,
  }
}
