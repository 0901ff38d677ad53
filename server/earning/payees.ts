/**
 * Known payees (docs/product.md#security): a UPI ID the account has withdrawn to before, a
 * withdrawal to it requested, held for review or paid (one that failed or was rejected does not
 * count). UPI IDs are compared trimmed and lower-case, so `Asha@OKAXIS ` is the payee `asha@okaxis`.
 * A withdrawal to a payee not known needs the account's PIN once (server/accounts/pin-confirm.ts);
 * once it is requested, the payee is known.
 */
import { sql } from 'kysely'
import type { Db, Tx } from '../db/index.ts'
import type { AppContext } from '../context.ts'
import { forbidden } from '../lib/errors.ts'
import { confirmPin } from '../accounts/pin-confirm.ts'
import { canonicalUpiId, checkUpiId } from '../../contract/validation.ts'

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

/**
 * Lets a withdrawal of user `userId` to `upiId` go ahead: at once for a known payee (`pin` is then
 * not looked at), else only with the account's right PIN. Runs before the withdrawal's
 * transaction, so a wrong PIN's guess stays counted when the request is refused.
 * Throws 403 PIN_REQUIRED (a new payee and no PIN), and confirmPin's errors: 400 VALIDATION,
 * 403 PIN_WRONG `{ tries_left }`, 423 ACCOUNT_LOCKED, 503 HASHING_BUSY.
 */
export async function allowPayee(
  ctx: AppContext,
  userId: number,
  upiId: unknown,
  pin: unknown,
  client: string | null,
): Promise<void> {
  // A malformed UPI ID is refused by the withdrawal's own checks, PIN or not.
  if (typeof upiId !== 'string' || checkUpiId(upiId.trim())) return
  if (await isKnownPayee(ctx.db, userId, upiId)) return
  if (typeof pin !== 'string' || pin === '')
    throw forbidden(
      'PIN_REQUIRED',
      'Enter your PIN to withdraw to a UPI ID you have not withdrawn to before.',
    )
  await confirmPin(ctx, userId, pin, client)
}
