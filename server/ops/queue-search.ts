/**
 * What the console's queues share (docs/product.md#operators, #scale): keyset pages, counts capped at
 * COUNT_CAP, and the bounded look-up of the users a search text names.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import type { AppContext } from '../context.ts'
import type { Db } from '../db/index.ts'
import { badRequest } from '../lib/errors.ts'
import { canonicalUpiId } from '../../contract/validation.ts'

/**
 * Counts stop here: a larger queue shows "200+" (`total_capped`). Counting walks that many index
 * entries on every page request, so the cap is what a large queue's count costs (1,000 cost the
 * withdrawal queue a sixth of its rate at a million users: docs/benchmarks.md, bench:scale); an
 * operator works a queue from its head, 50 rows a page, either way.
 */
export const COUNT_CAP = 200

/** Users one search text may name at most (`matchUsers`). */
export const SEARCH_USER_LIMIT = 100

/** A page request: `limit` 1–200 (default 50); `after` the `next` of the previous page. */
export interface Page {
  limit?: number
  after?: string
}

/** The page size asked for, 1–200 (default 50). */
export function pageLimit(page: Page): number {
  return Math.min(200, Math.max(1, Math.floor(Number(page.limit) || 50)))
}

/** A refused cursor: 400 VALIDATION. */
export const badCursor = () =>
  badRequest('VALIDATION', 'The page cursor is not one this list gave; start from the first page.')

/**
 * The rows `query` selects, counted up to COUNT_CAP + 1 (no join, no ordering): `total` at most
 * COUNT_CAP, `total_capped` when there are more.
 */
export async function cappedCount<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<{ total: number; total_capped: boolean }> {
  const result = await sql<{ n: number }>`select ${countedUpToCap(query)} as n`.execute(db)
  return capped(result.rows[0]?.n)
}

/**
 * `select count(*)` of the rows `query` selects, up to COUNT_CAP + 1, as a scalar subquery: a
 * page's statement selects it beside its rows (uncorrelated, so SQLite and PostgreSQL run it once), which
 * saves the page request a statement of its own.
 */
export function countedUpToCap<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): RawBuilder<number | string> {
  const inner = query
    .clearSelect()
    .select(sql.lit(1).as('one'))
    .limit(COUNT_CAP + 1)
  return sql<number | string>`(select count(*) from (${inner}) matched)`
}

/**
 * The capped count of a keyset page of `query`, whose rows selected
 * `countedUpToCap(query).as('matched_count')`: read from its first row, or counted in a statement
 * of its own when a page after a cursor (`cursored`) has no rows.
 */
export async function countOfPage<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
  rows: ReadonlyArray<{ matched_count: number | string }>,
  cursored: boolean,
): Promise<{ total: number; total_capped: boolean }> {
  if (rows.length === 0 && cursored) return cappedCount(db, query)
  return capped(rows[0]?.matched_count)
}

/** A count of at most COUNT_CAP + 1 (PostgreSQL's bigint arrives as text) as the page's total. */
function capped(n: number | string | undefined): { total: number; total_capped: boolean } {
  const count = Number(n ?? 0)
  return { total: Math.min(count, COUNT_CAP), total_capped: count > COUNT_CAP }
}

/** Which field of a user a search text matched. */
export type MatchedBy = 'email' | 'phone' | 'name' | 'upi_id' | 'referral_code'

/** A user a search text names: the id, the field that matched, the UPI ID when that was it. */
export interface UserMatch {
  id: number
  by: MatchedBy
  upi_id: string | null
}

/**
 * The users a search text names, at most `limit` (1–SEARCH_USER_LIMIT), in the order email,
 * phone, name, UPI ID, referral code; each user once, by the first field that matched. Each field
 * is a prefix: email, name and UPI ID compared lower case, phone digits (a leading +91 or spaces
 * dropped), referral code upper case; UPI IDs are stored canonical (lower case, migration 017).
 * Each is a range on an index (server/db/dialect.ts; migrations 012 and 018) read at most `limit`
 * entries, never a scan of users or withdrawals.
 * `capped` when a field had more matches than were read.
 */
export async function matchUsers(
  ctx: AppContext,
  text: string,
  limit = SEARCH_USER_LIMIT,
): Promise<{ matches: UserMatch[]; capped: boolean }> {
  const lower = text.trim().toLowerCase()
  const max = Math.min(SEARCH_USER_LIMIT, Math.max(1, Math.floor(limit)))
  if (!lower) return { matches: [], capped: false }
  const users = (by: MatchedBy, column: string, prefix: string, lowerCase = false) =>
    ctx.db
      .selectFrom('users')
      .select('id')
      .where((eb) => ctx.dialect.startsWith(eb, column, prefix, lowerCase))
      .limit(max)
      .execute()
      .then((rows) => rows.map((r) => ({ id: r.id, by, upi_id: null })))
  const searches: Promise<UserMatch[]>[] = [users('email', 'users.email', lower)]
  const digits = lower.replace(/^\+91/, '').replace(/[\s-]/g, '')
  if (/^\d+$/.test(digits)) searches.push(users('phone', 'users.phone_number', digits))
  searches.push(users('name', 'users.first_name', lower, true))
  searches.push(
    ctx.db
      .selectFrom('withdrawals')
      .select(['user_id', 'upi_id'])
      .where((eb) => ctx.dialect.startsWith(eb, 'withdrawals.upi_id', canonicalUpiId(lower)))
      .limit(max)
      .execute()
      .then((rows) =>
        rows.map((r) => ({ id: r.user_id, by: 'upi_id' as const, upi_id: r.upi_id })),
      ),
  )
  if (/^[a-z0-9]+$/.test(lower))
    searches.push(users('referral_code', 'users.referral_id', lower.toUpperCase()))
  const found = await Promise.all(searches)
  const seen = new Map<number, UserMatch>()
  for (const match of found.flat()) if (!seen.has(match.id)) seen.set(match.id, match)
  return {
    matches: [...seen.values()].slice(0, max),
    capped: seen.size > max || found.some((rows) => rows.length >= max),
  }
}

/**
 * The ids of the users a search text names, at most SEARCH_USER_LIMIT (`matchUsers`): email,
 * phone, name, UPI ID or referral code, each a prefix.
 */
export async function usersNamed(ctx: AppContext, text: string): Promise<number[]> {
  return (await matchUsers(ctx, text)).matches.map((m) => m.id)
}
