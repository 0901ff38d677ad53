/**
 * A user's bank details (docs/product.md#api, #validation): read back for the form's prefill, and saved after the
 * IFSC resolves. Always found through the token's user (docs/product.md#security), one row per user.
 */
import type { Db } from '../db/index.ts'
import { nowIso } from '../db/index.ts'
import { badRequest } from '../lib/errors.ts'
import { LIMITS, checkIfsc } from '../../contract/validation.ts'
import type { BankDetailsBody, IfscAnswer, SavedBankDetails } from '../../contract/api/profile.ts'

/** The checked, normalized form of a `BankDetailsBody`. */
export interface BankDetailsInput {
  accountNumber: string
  ifsc: string
  holderName: string
}

/** How the details are read back (docs/product.md#api: `data.data` with acc_no, ifsc, holder_name). */
type BankDetailsView = SavedBankDetails

const HOLDER_NAME_MAX = 100

/**
 * Checks and normalizes the posted fields (docs/product.md#validation): the account number is 1–16 digits, the IFSC
 * is uppercased and well-formed, the holder name is trimmed and uppercased.
 * @throws ApiError 400 VALIDATION with the first problem's message.
 */
export function checkBankDetails(body: BankDetailsBody): BankDetailsInput {
  const accountNumber = (body.account_number ?? '').trim()
  const ifsc = (body.ifsc ?? '').trim().toUpperCase()
  const holderName = (body.account_holder ?? '').trim().replace(/\s+/g, ' ').toUpperCase()
  if (!accountNumber || !ifsc || !holderName)
    throw badRequest('VALIDATION', 'Please fill out all fields.')
  if (!new RegExp(`^\\d{1,${LIMITS.accountNumberMax}}$`).test(accountNumber)) {
    throw badRequest(
      'VALIDATION',
      `Account number must be digits only, up to ${LIMITS.accountNumberMax}.`,
    )
  }
  const ifscError = checkIfsc(ifsc)
  if (ifscError) throw badRequest('VALIDATION', ifscError)
  if (holderName.length > HOLDER_NAME_MAX || /[\p{Cc}]/u.test(holderName)) {
    throw badRequest(
      'VALIDATION',
      `Account holder name must be ${HOLDER_NAME_MAX} characters or less.`,
    )
  }
  return { accountNumber, ifsc, holderName }
}

/** The user's saved bank details, or null when none are saved. */
export async function getBankDetails(db: Db, userId: number): Promise<BankDetailsView | null> {
  const row = await db
    .selectFrom('bank_details')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) return null
  return {
    acc_no: row.account_number,
    ifsc: row.ifsc,
    holder_name: row.holder_name,
    bank: row.bank,
    branch: row.branch,
  }
}

/** Saves (or replaces) the user's bank details with the bank and branch the IFSC resolved to. */
export async function saveBankDetails(
  db: Db,
  userId: number,
  input: BankDetailsInput,
  resolved: IfscAnswer,
): Promise<void> {
  const values = {
    account_number: input.accountNumber,
    ifsc: input.ifsc,
    holder_name: input.holderName,
    bank: resolved.BANK,
    branch: resolved.BRANCH,
    updated_at: nowIso(),
  }
  await db
    .insertInto('bank_details')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute()
}
