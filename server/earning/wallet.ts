/**
 * The wallet (docs/product.md#transparency): the balance and every ledger row, withdrawal and order of a user,
 * newest first, each list in keyset pages of its own so the whole history is reachable at any
 * length (docs/product.md#scale). Coins are integers; amounts are whole rupees.
 */
import type { Db } from '../db/index.ts'
import { notFound } from '../lib/errors.ts'
import { visibleStatus } from './order-view.ts'
import type {
  LedgerEntry,
  Wallet,
  WalletOrder,
  WalletWithdrawal,
} from '../../contract/api/earning.ts'

/** Rows per page of each list unless the request says otherwise. */
export const WALLET_PAGE = 100

/**
 * A wallet page request: each list's cursor, the previous answer's `next`, `withdrawals_next` or
 * `orders_next` (digits; anything else counts as absent); `limit` rows per page of each list, 1–200.
 */
export interface WalletPage {
  before?: string
  withdrawalsBefore?: string
  ordersBefore?: string
  limit?: number
}

/** One keyset page of a list: its rows newest first, and the cursor of the older page (null: none). */
interface ListPage<Row> {
  rows: Row[]
  next: string | null
}

/** A cursor as an id, or null when absent or not one (the route's schema refuses those). */
const cursorId = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null

/** The first `limit` of `rows` (read with `limit + 1`) and the cursor after them: the last one's id. */
function pageOf<Row extends { id: number }>(rows: Row[], limit: number): ListPage<Row> {
  const page = rows.slice(0, limit)
  return { rows: page, next: rows.length > limit ? String(page.at(-1)?.id) : null }
}

/** Ledger rows of `userId` older than id `before` (null: the newest), through (user_id, id). */
async function ledgerPage(
  db: Db,
  userId: number,
  before: number | null,
  limit: number,
): Promise<ListPage<LedgerEntry>> {
  let query = db
    .selectFrom('ledger_entries')
    .select(['id', 'kind', 'coins', 'rupees', 'status', 'description', 'reference', 'created_at'])
    .where('user_id', '=', userId)
  if (before !== null) query = query.where('id', '<', before)
  return pageOf(
    await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute(),
    limit,
  )
}

/** Withdrawals of `userId` older than id `before` (null: the newest), through withdrawals_user. */
async function withdrawalsPage(
  db: Db,
  userId: number,
  before: number | null,
  limit: number,
): Promise<ListPage<WalletWithdrawal>> {
  let query = db
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
  if (before !== null) query = query.where('id', '<', before)
  return pageOf(
    await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute(),
    limit,
  )
}

/**
 * Orders of `userId` older than id `before` (null: the newest), through orders_user, with the
 * status the user sees at `now` (an unpaid order past its expiry is 'expired'). The cursor is the
 * order's row id, which the answer does not otherwise show.
 */
async function ordersPage(
  db: Db,
  userId: number,
  before: number | null,
  limit: number,
  now: Date,
): Promise<ListPage<WalletOrder>> {
  let query = db
    .selectFrom('orders')
    .select([
      'id',
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
  if (before !== null) query = query.where('id', '<', before)
  const { rows, next } = pageOf(
    await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute(),
    limit,
  )
  return {
    rows: rows.map(({ id: _id, ...o }) => ({ ...o, status: visibleStatus(o, now) })),
    next,
  }
}

/**
 * The wallet of `userId` at `now` (order expiry): the balance and pages of its lists newest first,
 * each through its (user_id, id) index whatever the history's length. With no cursor in `page`,
 * the newest page of every list with each one's cursor (`next`, `withdrawals_next`,
 * `orders_next`); with cursors, the older page of each list named and the others empty, without
 * their cursor. A cursor is null on a list's oldest page. Throws 404 USER_NOT_FOUND.
 */
export async function walletFor(
  db: Db,
  userId: number,
  now: Date = new Date(),
  page: WalletPage = {},
): Promise<Wallet> {
  const limit = Math.min(200, Math.max(1, Math.floor(Number(page.limit) || WALLET_PAGE)))
  const before = cursorId(page.before)
  const withdrawalsBefore = cursorId(page.withdrawalsBefore)
  const ordersBefore = cursorId(page.ordersBefore)
  const first = before === null && withdrawalsBefore === null && ordersBefore === null
  const user = await db
    .selectFrom('users')
    .select('points')
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user.')
  const wallet: Wallet = { balance: user.points, entries: [], withdrawals: [], orders: [] }
  if (first || before !== null) {
    const entries = await ledgerPage(db, userId, before, limit)
    wallet.entries = entries.rows
    wallet.next = entries.next
  }
  if (first || withdrawalsBefore !== null) {
    const withdrawals = await withdrawalsPage(db, userId, withdrawalsBefore, limit)
    wallet.withdrawals = withdrawals.rows
    wallet.withdrawals_next = withdrawals.next
  }
  if (first || ordersBefore !== null) {
    const orders = await ordersPage(db, userId, ordersBefore, limit, now)
    wallet.orders = orders.rows
    wallet.orders_next = orders.next
  }
  return wallet
}
