/**
 * Known payees (docs/product.md#security): a UPI ID the account has withdrawn to before, a
 * withdrawal to it requested, held for review or paid (one that failed or was rejected does not
 * count). UPI IDs are compared trimmed and lower-case, so `Asha@OKAXIS ` is the payee `asha@okaxis`.
 * A withdrawal to a payee not known needs the account's PIN once (allowPayee in
 * server/accounts/pin-confirm.ts);
 * once it is requested, the payee is known.
 */
import { sql } from 'kysely'
import type { Db, Tx } from '../db/index.ts'
import { canonicalUpiId } from '../../contract/validation.ts'

/** The statuses of a withdrawal whose UPI ID counts as known. */
const KNOWN_STATUSES = ['requested', 'held', 'paid'] as const

/** How many known UPI IDs `GET /withdrawal-status/` lists (the newest). */
export const KNOWN_PAYEES_LISTED = 20

/** A UPI ID in the form payees are compared in: trimmed, lower-case (canonicalUpiId). */
export const payeeKey = canonicalUpiId

/** The stored UPI ID as compared (rows written before IDs were stored lower-case included). */
const storedKey = sql<string>`lower(trim(upi_id))`

/** Whether user `userId` has withdrawn to `upiId` before (see the module comment). */
export async function isKnownPayee(db: Db | Tx, userId: number, upiId: string): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', KNOWN_STATUSES)
    .where(storedKey, '=', payeeKey(upiId))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The UPI IDs user `userId` has withdrawn to (trimmed, lower-case), the most recently used first,
 * at most KNOWN_PAYEES_LISTED: what the withdraw screen needs to know whether to ask for the PIN.
 */
export async function knownPayees(db: Db | Tx, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .select([storedKey.as('upi_id'), (eb) => eb.fn.max('id').as('last')])
    .where('user_id', '=', userId)
    .where('status', 'in', KNOWN_STATUSES)
    .groupBy(storedKey)
    .orderBy('last', 'desc')
    .limit(KNOWN_PAYEES_LISTED)
    .execute()
  return rows.map((r) => r.upi_id)
}
