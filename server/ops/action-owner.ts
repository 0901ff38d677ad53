/**
 * The user a console action is about, found before the action runs: a keyed action stores its
 * Idempotency-Key under that user (server/routes/ops/keyed.ts). Each answers 404 as the action
 * itself would when the row named does not exist.
 */
import type { AppContext } from '../context.ts'
import { notFound } from '../lib/errors.ts'

/** User `id` when it exists. Throws 404 USER_NOT_FOUND. */
export async function userOwner(ctx: AppContext, id: number): Promise<number> {
  const row = await ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('USER_NOT_FOUND', 'No such user.')
  return row.id
}

/** The user of order `orderId` (the public order id). Throws 404 ORDER_NOT_FOUND. */
export async function orderOwner(ctx: AppContext, orderId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('orders')
    .select('user_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  if (!row) throw notFound('ORDER_NOT_FOUND', `No order ${orderId}.`)
  return row.user_id
}

/** The user of withdrawal `id`. Throws 404 WITHDRAWAL_NOT_FOUND. */
export async function withdrawalOwner(ctx: AppContext, id: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('withdrawals')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound('WITHDRAWAL_NOT_FOUND', `No withdrawal ${id}.`)
  return row.user_id
}
