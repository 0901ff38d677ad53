/**
 * The wallet (DECISIONS §4): the balance and every ledger row, withdrawal and order of a user,
 * newest first. Coins are integers; amounts are whole rupees.
 */
import type { Db } from '../db/index.ts'
import { notFound } from '../lib/errors.ts'
import { visibleStatus } from './order-view.ts'
import type { Wallet } from '../../contract/api/earning.ts'

/** Rows returned per list (the newest). */
const WALLET_LIMIT = 500

/** The wallet of `userId` at `now` (order expiry). Throws 404 USER_NOT_FOUND. */
export async function walletFor(db: Db, userId: number, now: Date = new Date()): Promise<Wallet> {
  const user = await db
    .selectFrom('users')
    .select('points')
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user.')
  const entries = await db
    .selectFrom('ledger_entries')
    .select(['id', 'kind', 'coins', 'rupees', 'status', 'description', 'reference', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(WALLET_LIMIT)
    .execute()
  const withdrawals = await db
    .selectFrom('withdrawals')
    .select([
      'id',
      'upi_id',
      'amount',
      'fee',
      'status',
      'upi_reference',
      'created_at',
      'due_at',
      'withdrawl_days',
      'reason',
    ])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(WALLET_LIMIT)
    .execute()
  const orders = await db
    .selectFrom('orders')
    .select([
      'order_id',
      'amount',
      'purpose',
      'status',
      'created_at',
      'expires_at',
      'utr',
      'reason',
    ])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(WALLET_LIMIT)
    .execute()
  return {
    balance: user.points,
    entries,
    withdrawals,
    orders: orders.map((o) => ({ ...o, status: visibleStatus(o, now) })),
  }
}
