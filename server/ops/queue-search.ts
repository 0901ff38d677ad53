/**
 * What the console's queues share (DECISIONS §8, §8a): keyset pages, counts capped at
 * COUNT_CAP, and the bounded look-up of the users a search text names.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import type { AppContext } from '../context.ts'
import type { Db } from '../db/index.ts'
import { badRequest } from '../lib/errors.ts'

/**
 * Counts stop here: a larger queue shows "200+" (`total_capped`). Counting walks that many index
 * entries on every page request, so the cap is what a large queue's count costs (1,000 cost the
 * withdrawal queue a sixth of its rate at a million users: docs/benchmarks.md, bench:scale); an
 * operator works a queue from its head, 50 rows a page, either way.
 */
export const COUNT_CAP = 200

/** Users one search text may name at most (the first by email, phone, referral code). */
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

/**
 * The ids of the users a search text names, at most SEARCH_USER_LIMIT: email starting with the
 * text (lowercased), phone number starting with it (digits), referral code starting with it
 * (uppercased). Each is a range on an index (server/db/dialect.ts), never a scan of users.
 */
export async function usersNamed(ctx: AppContext, text: string): Promise<number[]> {
  const lower = text.trim().toLowerCase()
  if (!lower) return []
  const queries = [
    ctx.db
      .selectFrom('users')
      .select('id')
      .where((eb) => ctx.dialect.startsWith(eb, 'users.email', lower))
      .limit(SEARCH_USER_LIMIT)
      .execute(),
  ]
  if (/^\d+$/.test(lower)) {
    queries.push(
      ctx.db
        .selectFrom('users')
        .select('id')
        .where((eb) => ctx.dialect.startsWith(eb, 'users.phone_number', lower))
        .limit(SEARCH_USER_LIMIT)
        .execute(),
    )
  }
  if (/^[a-z0-9]+$/.test(lower)) {
    queries.push(
      ctx.db
        .selectFrom('users')
        .select('id')
        .where((eb) => ctx.dialect.startsWith(eb, 'users.referral_id', lower.toUpperCase()))
        .limit(SEARCH_USER_LIMIT)
        .execute(),
    )
  }
  const ids = new Set((await Promise.all(queries)).flat().map((r) => r.id))
  return [...ids].slice(0, SEARCH_USER_LIMIT)
}
