/**
 * The wallet (DECISIONS §4): the balance and every ledger row, withdrawal and order of a user,
 * newest first, the ledger in keyset pages so the whole history is reachable at any length
 * (DECISIONS §8a). Coins are integers; amounts are whole rupees.
 */
import type { Db } from '../db/index.ts'
import { notFound } from '../lib/errors.ts'
import { visibleStatus } from './order-view.ts'
import type { Wallet } from '../../contract/api/earning.ts'

/** Ledger rows per page unless the request says otherwise. */
export const WALLET_PAGE = 100

/** Withdrawals and orders on the first page (the newest). */
const WALLET_LIMIT = 100

/** A wallet page request: `before` the previous page's `next`; `limit` ledger rows, 1–200. */
export interface WalletPage {
  before?: string
  limit?: number
}

/**
 * The wallet of `userId` at `now` (order expiry): the balance and one page of ledger rows newest
 * first, through the (user_id, id) index whatever the history's length; the first page (no
 * `before`) also carries the newest 100 withdrawals and orders, later pages none. `next` is the
 * `before` of the older page, null on the oldest. Throws 404 USER_NOT_FOUND.
 */
export async function walletFor(
  db: Db,
  userId: number,
  now: Date = new Date(),
  page: WalletPage = {},
): Promise<Wallet> {
  const limit = Math.min(200, Math.max(1, Math.floor(Number(page.limit) || WALLET_PAGE)))
  const before = page.before && /^\d{1,15}$/.test(page.before) ? Number(page.before) : null
  const user = await db
    .selectFrom('users')
    .select('points')
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user.')
  let entriesQuery = db
    .selectFrom('ledger_entries')
    .select(['id', 'kind', 'coins', 'rupees', 'status', 'description', 'reference', 'created_at'])
    .where('user_id', '=', userId)
  if (before !== null) entriesQuery = entriesQuery.where('id', '<', before)
  const rows = await entriesQuery
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
  const entries = rows.slice(0, limit)
  const next = rows.length > limit ? String(entries.at(-1)?.id) : null
  if (before !== null) return { balance: user.points, entries, withdrawals: [], orders: [], next }
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
    next,
  }
}
