/**
 * One user as operators see them (docs/product.md#operators), for the console's user page and
 * `npm run ops -- user`: the account, its moderation, plan, verified referrals, the ledger's sum
 * beside the balance, and the newest ledger rows, orders and withdrawals.
 */
import type { AppContext } from '../context.ts'
import { findUserById, findUserByIdentifier } from '../accounts/users.ts'
import { verifiedReferralCount } from '../earning/referrals.ts'
import { visibleStatus } from '../earning/order-view.ts'
import { badRequest, notFound } from '../lib/errors.ts'
import { moderationOf } from './users.ts'
import { matchUsers } from './queue-search.ts'
import type { UserSearch } from '../../contract/api/ops.ts'

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
  return userRecords(ctx, found)
}

/** User `id` with their records, as `lookUpUser`. Throws 404 USER_NOT_FOUND. */
export async function lookUpUserById(ctx: AppContext, id: number) {
  const found = await findUserById(ctx.db, id)
  if (!found) throw notFound('USER_NOT_FOUND', `No user #${id}.`)
  return userRecords(ctx, found)
}

/**
 * The users whose email, phone, name, UPI ID or referral code starts with `query`, at most
 * `limit` (default 20, at most 100), each with the field that matched (`matchUsers`: each field a
 * range on an index). `capped` when more may match (the operator types more). Throws 400
 * VALIDATION (an empty query).
 */
export async function searchUsers(ctx: AppContext, query: string, limit = 20): Promise<UserSearch> {
  const q = query.trim()
  if (!q) throw badRequest('VALIDATION', 'Type the start of an email, phone, name or UPI ID.')
  const { matches, capped } = await matchUsers(ctx, q, limit)
  if (matches.length === 0) return { rows: [], capped: false }
  const users = await ctx.db
    .selectFrom('users')
    .select(['id', 'first_name', 'email', 'phone_number', 'points', 'created_at'])
    .where(
      'id',
      'in',
      matches.map((m) => m.id),
    )
    .execute()
  const byId = new Map(users.map((u) => [u.id, u]))
  return {
    capped,
    rows: matches.flatMap((m) => {
      const u = byId.get(m.id)
      return u ? [{ ...u, matched_by: m.by, upi_id: m.upi_id }] : []
    }),
  }
}

/** `found`'s account, moderation, plan, referrals, ledger (and its sum), orders, withdrawals. */
async function userRecords(
  ctx: AppContext,
  found: NonNullable<Awaited<ReturnType<typeof findUserById>>>,
) {
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
      .leftJoin('membership_plans', 'membership_plans.id', 'orders.membership_plan_id')
      .select([
        'orders.order_id',
        'orders.purpose',
        'orders.amount',
        'orders.status',
        'orders.utr',
        'orders.upi_reference',
        'orders.created_at',
        'orders.expires_at',
        'membership_plans.membership_type as plan_name',
      ])
      .where('orders.user_id', '=', user.id)
      .orderBy('orders.id', 'desc')
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
