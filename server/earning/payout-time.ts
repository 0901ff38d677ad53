/**
 * Payout deadlines (docs/product.md#rules "withdrawal time"): a withdrawal is due `withdrawl_days`
 * days after it is requested, where the plan is the best one the user has paid for at that moment
 * (fewest days; the free plan's own value otherwise). The general range served by `GET /config/`
 * is computed from the plans.
 */
import type { Db, Tx } from '../db/index.ts'
import { payoutTimeRange } from '../../contract/payout-time.ts'
import type { Rules } from '../../contract/rules.ts'

export { dueAt } from '../../contract/payout-time.ts'

/** Used only when there are no plans at all (an empty database). */
const FALLBACK_PAYOUT_DAYS = 7

/**
 * The payout days for `userId` now: the fewest `withdrawl_days` among the plans the user has a
 * confirmed deposit for and the plan the user is on; else the free plan's; else the most days
 * of any plan (FALLBACK_PAYOUT_DAYS with no plans).
 */
export async function payoutDaysFor(tx: Tx | Db, userId: number): Promise<number> {
  const paid = await tx
    .selectFrom('orders')
    .innerJoin('membership_plans', 'membership_plans.id', 'orders.membership_plan_id')
    .select('membership_plans.withdrawl_days')
    .where('orders.user_id', '=', userId)
    .where('orders.purpose', '=', 'membership')
    .where('orders.status', '=', 'confirmed')
    .execute()
  const current = await tx
    .selectFrom('users')
    .innerJoin('membership_plans', 'membership_plans.id', 'users.membership_plan_id')
    .select(['membership_plans.withdrawl_days', 'membership_plans.deposit_point'])
    .where('users.id', '=', userId)
    .executeTakeFirst()
  const days = paid.map((p) => Number(p.withdrawl_days))
  if (current && current.deposit_point.toUpperCase() !== 'FREE')
    days.push(Number(current.withdrawl_days))
  if (days.length > 0) return Math.min(...days)
  const plans = await tx
    .selectFrom('membership_plans')
    .select(['deposit_point', 'withdrawl_days'])
    .execute()
  const free = plans.find((p) => p.deposit_point.toUpperCase() === 'FREE')
  if (free) return Number(free.withdrawl_days)
  return plans.length > 0
    ? Math.max(...plans.map((p) => Number(p.withdrawl_days)))
    : FALLBACK_PAYOUT_DAYS
}

/** The plans' payout range for `GET /config/` ("1 to 7 days"); null with no plans. */
export async function planPayoutRange(db: Db): Promise<string | null> {
  const plans = await db.selectFrom('membership_plans').select('withdrawl_days').execute()
  return payoutTimeRange(plans)
}

/**
 * The rules as `GET /config/` serves them (docs/product.md#rules): the live rules, with the withdrawal
 * time from the plans' range of withdrawl_days, never a hand-written text.
 */
export async function servedRules(app: { db: Db; config: { rules: Rules } }): Promise<Rules> {
  const payoutRange = await planPayoutRange(app.db)
  return payoutRange ? { ...app.config.rules, withdrawalTime: payoutRange } : app.config.rules
}
